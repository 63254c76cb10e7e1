"""Diagnosis: queries over the store and the three-level report that drives failure-driven synthesis."""

from toolkit.diagnosis.queries import (attempt, attempts, attempts_of, compare, first_divergence, open_run, runs, step, steps,
                                       summary, task_results)
from toolkit.diagnosis.report import DiagnosisReport, EnvErrorGroup, Finding, Rate, Unfinished, Unscored, diagnose

__all__ = ["DiagnosisReport", "EnvErrorGroup", "Finding", "Rate", "Unfinished", "Unscored", "attempt", "attempts",
           "attempts_of", "compare", "diagnose", "first_divergence", "open_run", "runs", "step", "steps", "summary",
           "task_results"]
