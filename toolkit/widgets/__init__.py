"""Notebook widgets: replay and compare attempts, a run dashboard and the env fleet (ipywidgets + plotly)."""

from toolkit.widgets.dashboard import RunDashboard, dashboard_figures
from toolkit.widgets.draw import annotate
from toolkit.widgets.fleet import FleetWidget, fleet_figures
from toolkit.widgets.replay import CompareWidget, ReplayWidget

__all__ = ["CompareWidget", "FleetWidget", "ReplayWidget", "RunDashboard", "annotate", "dashboard_figures", "fleet_figures"]
