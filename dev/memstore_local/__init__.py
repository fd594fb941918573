"""`memstore local`: the template's HTTP API served in process, for development without Docker."""

from memstore_local.gateway import RunningServer, run_in_thread, serve
from memstore_local.runtime import LocalRuntime
from memstore_local.template import Route, Template, TemplateError

__all__ = ["LocalRuntime", "Route", "RunningServer", "Template", "TemplateError", "run_in_thread", "serve"]
