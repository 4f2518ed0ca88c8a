"""The course's exercise checks and prose helpers, one module per notebook of ``notebooks/``.

Why here, as a package of isslab: the checks are plain Python (no Jupyter import), so that the
test suite imports them and runs every solution through its check (``tests/test_course.py``), and
a notebook imports them with one line (``from isslab.course import measuring as ex``). Each module
holds the exercises of one notebook (:class:`~isslab.course.kit.Exercise` objects); a check takes
the student's answer and the evidence the notebook computed, and says whether the answer is right
and why. :mod:`isslab.course.kit` also writes prose from computed values (:func:`~isslab.course.kit.md`)
and turns a sentence of a notebook into a checked claim (:func:`~isslab.course.kit.claim`), so that
no number in the course's text is typed by hand.
"""

from __future__ import annotations

from isslab.course.kit import Exercise, Feedback, claim, est, md

__all__ = ["Exercise", "Feedback", "claim", "est", "md"]
