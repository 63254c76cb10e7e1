"""Notebook widgets: replay and compare attempts, and a run dashboard (ipywidgets + plotly)."""

from toolkit.widgets.dashboard import RunDashboard, dashboard_figures
from toolkit.widgets.draw import annotate
from toolkit.widgets.replay import CompareWidget, ReplayWidget

__all__ = ["CompareWidget", "ReplayWidget", "RunDashboard", "annotate", "dashboard_figures"]
