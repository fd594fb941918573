"""Reading template.yaml the way `memstore local` needs it: functions, their HttpApi routes and
environment, and the DynamoDB tables, with intrinsic functions resolved to local values.

template.yaml stays the single source of truth: nothing here repeats a route, a table schema
or an environment variable that the template already declares."""

from __future__ import annotations

import base64
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

LOCAL_REGION = "us-east-1"
LOCAL_ACCOUNT_ID = "123456789012"
LOCAL_STACK_NAME = "memstore-local"

_TABLE_TYPES = ("AWS::DynamoDB::Table", "AWS::Serverless::SimpleTable")
_FUNCTION_TYPE = "AWS::Serverless::Function"
_EVENT_BUS_TYPE = "AWS::Events::EventBus"
_NO_VALUE = object()
"""`!Ref AWS::NoValue`: the enclosing key or list element disappears."""


class TemplateError(Exception):
    """The template cannot be served locally (missing file, malformed resource)."""


class Unresolvable(Exception):
    """An intrinsic names something that exists only in the cloud (an ARN, an import)."""


class _CfnLoader(yaml.SafeLoader):
    """SafeLoader that turns CloudFormation short tags into their long-form dicts."""


def _construct_tag(loader: _CfnLoader, tag_suffix: str, node: yaml.Node) -> dict[str, Any]:
    if isinstance(node, yaml.ScalarNode):
        value: Any = loader.construct_scalar(node)
    elif isinstance(node, yaml.SequenceNode):
        value = loader.construct_sequence(node, deep=True)
    else:
        value = loader.construct_mapping(node, deep=True)
    if tag_suffix == "Ref":
        return {"Ref": value}
    if tag_suffix == "Condition":
        return {"Condition": value}
    if tag_suffix == "GetAtt" and isinstance(value, str):
        value = value.split(".", 1)
    return {f"Fn::{tag_suffix}": value}


_CfnLoader.add_multi_constructor("!", _construct_tag)


def load_template(path: str | Path) -> dict[str, Any]:
    """The template as plain data, short tags turned into their long-form dicts."""
    path = Path(path)
    try:
        with path.open(encoding="utf-8") as f:
            data = yaml.load(f, Loader=_CfnLoader)
    except FileNotFoundError as e:
        raise TemplateError(f"template not found: {path}") from e
    except yaml.YAMLError as e:
        raise TemplateError(f"template is not valid YAML: {path}: {e}") from e
    if not isinstance(data, dict) or not isinstance(data.get("Resources"), dict):
        raise TemplateError(f"template has no Resources section: {path}")
    return data


@dataclass(frozen=True)
class Route:
    method: str
    """Upper case; "ANY" matches every method."""
    path: str
    """The path template, e.g. /memory_stores/{name}/items, or "$default"."""
    function_id: str

    @property
    def route_key(self) -> str:
        return "$default" if self.path == "$default" else f"{self.method} {self.path}"


@dataclass(frozen=True)
class FunctionSpec:
    logical_id: str
    function_name: str
    code_dir: Path
    module_file: Path
    handler_attr: str
    environment: dict[str, str]
    memory_mb: int
    timeout_s: float
    routes: tuple[Route, ...] = field(default=())


@dataclass(frozen=True)
class TableSpec:
    logical_id: str
    create_args: dict[str, Any]
    """Keyword arguments for DynamoDB CreateTable, taken from the template's own definition."""
    ttl_attribute: str | None

    @property
    def table_name(self) -> str:
        return self.create_args["TableName"]


class Template:
    """One parsed template plus the local values its intrinsics resolve to."""

    def __init__(self, path: str | Path, parameters: Mapping[str, str] | None = None):
        self.path = Path(path).resolve()
        self.base_dir = self.path.parent
        self.doc = load_template(self.path)
        self.resources: dict[str, dict[str, Any]] = self.doc["Resources"]
        self.globals: dict[str, Any] = self.doc.get("Globals") or {}
        self.mappings: dict[str, Any] = self.doc.get("Mappings") or {}
        self._conditions: dict[str, Any] = self.doc.get("Conditions") or {}
        self._condition_values: dict[str, bool] = {}
        self.parameters = self._parameter_values(parameters or {})

    def _parameter_values(self, overrides: Mapping[str, str]) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for name, spec in (self.doc.get("Parameters") or {}).items():
            spec = spec or {}
            value = overrides.get(name, spec.get("Default", ""))
            if str(spec.get("Type", "")).startswith("List<") or spec.get("Type") == "CommaDelimitedList":
                value = value if isinstance(value, list) else [v.strip() for v in str(value).split(",")]
            else:
                value = value if isinstance(value, str) else _scalar_text(value)
            values[name] = value
        unknown = set(overrides) - set(values)
        if unknown:
            raise TemplateError(f"unknown template parameters: {', '.join(sorted(unknown))}")
        return values

    # conditions --------------------------------------------------------------------------
    def condition(self, name: str) -> bool:
        if name not in self._condition_values:
            if name not in self._conditions:
                raise TemplateError(f"unknown condition: {name}")
            self._condition_values[name] = bool(self.resolve(self._conditions[name]))
        return self._condition_values[name]

    def resource_enabled(self, logical_id: str) -> bool:
        cond = self.resources[logical_id].get("Condition")
        return True if cond is None else self.condition(cond)

    # intrinsics ---------------------------------------------------------------------------
    def resolve(self, value: Any) -> Any:
        """Resolves intrinsics recursively; raises Unresolvable for cloud-only values."""
        if isinstance(value, list):
            out = [self.resolve(v) for v in value]
            return [v for v in out if v is not _NO_VALUE]
        if not isinstance(value, dict):
            return value
        if len(value) == 1:
            ((key, arg),) = value.items()
            if key == "Ref":
                return self._ref(arg)
            if key == "Condition":
                return self.condition(arg)
            if key.startswith("Fn::"):
                return self._fn(key[4:], arg)
        out = {k: self.resolve(v) for k, v in value.items()}
        return {k: v for k, v in out.items() if v is not _NO_VALUE}

    def _ref(self, name: str) -> Any:
        pseudo = {
            "AWS::Region": LOCAL_REGION,
            "AWS::AccountId": LOCAL_ACCOUNT_ID,
            "AWS::StackName": LOCAL_STACK_NAME,
            "AWS::Partition": "aws",
            "AWS::URLSuffix": "amazonaws.com",
            "AWS::StackId": (
                f"arn:aws:cloudformation:{LOCAL_REGION}:{LOCAL_ACCOUNT_ID}:stack/{LOCAL_STACK_NAME}/local"
            ),
            "AWS::NotificationARNs": [],
        }
        if name == "AWS::NoValue":
            return _NO_VALUE
        if name in pseudo:
            return pseudo[name]
        if name in self.parameters:
            return self.parameters[name]
        resource = self.resources.get(name)
        if resource is None:
            raise TemplateError(f"!Ref to unknown name: {name}")
        if resource.get("Type") in _TABLE_TYPES:
            return self.table_name(name)
        if resource.get("Type") == _FUNCTION_TYPE:
            return self.function_name(name)
        if resource.get("Type") == _EVENT_BUS_TYPE:
            return self.event_bus_name(name)
        raise Unresolvable(f"Ref {name}")

    def _get_att(self, logical_id: str, attribute: str) -> Any:
        resource = self.resources.get(logical_id)
        if resource is None:
            raise TemplateError(f"!GetAtt of unknown resource: {logical_id}")
        if resource.get("Type") in _TABLE_TYPES and attribute == "Arn":
            return f"arn:aws:dynamodb:{LOCAL_REGION}:{LOCAL_ACCOUNT_ID}:table/{self.table_name(logical_id)}"
        if resource.get("Type") == _FUNCTION_TYPE and attribute == "Arn":
            return (
                f"arn:aws:lambda:{LOCAL_REGION}:{LOCAL_ACCOUNT_ID}:function:{self.function_name(logical_id)}"
            )
        raise Unresolvable(f"GetAtt {logical_id}.{attribute}")

    def _fn(self, name: str, arg: Any) -> Any:
        if name == "GetAtt":
            parts = arg if isinstance(arg, list) else str(arg).split(".", 1)
            logical_id, attribute = self.resolve(parts[0]), self.resolve(parts[1])
            return self._get_att(logical_id, attribute)
        if name == "Sub":
            return self._sub(arg)
        if name == "If":
            cond, when_true, when_false = arg
            return self.resolve(when_true if self.condition(cond) else when_false)
        if name == "Equals":
            left, right = (self.resolve(v) for v in arg)
            return _scalar_text(left) == _scalar_text(right)
        if name == "Not":
            return not self.resolve(arg[0] if isinstance(arg, list) else arg)
        if name == "And":
            return all(self.resolve(v) for v in arg)
        if name == "Or":
            return any(self.resolve(v) for v in arg)
        if name == "Join":
            sep, items = arg
            resolved = self.resolve(items)
            return self.resolve(sep).join(_scalar_text(v) for v in resolved)
        if name == "Select":
            index, items = arg
            return self.resolve(items)[int(self.resolve(index))]
        if name == "Split":
            sep, text = arg
            return self.resolve(text).split(self.resolve(sep))
        if name == "FindInMap":
            map_name, top, second = (self.resolve(v) for v in arg[:3])
            try:
                return self.mappings[map_name][top][second]
            except KeyError as e:
                raise TemplateError(f"FindInMap {map_name}/{top}/{second} not found") from e
        if name == "Base64":
            return base64.b64encode(_scalar_text(self.resolve(arg)).encode()).decode()
        if name == "GetAZs":
            return [f"{LOCAL_REGION}{zone}" for zone in "abc"]
        if name in ("ImportValue", "Cidr", "Transform", "Length", "ToJsonString"):
            raise Unresolvable(f"Fn::{name}")
        raise TemplateError(f"unsupported intrinsic Fn::{name}")

    def _sub(self, arg: Any) -> str:
        if isinstance(arg, list):
            text, variables = arg[0], {k: self.resolve(v) for k, v in (arg[1] or {}).items()}
        else:
            text, variables = arg, {}

        def replace(match: re.Match[str]) -> str:
            expr = match.group(1)
            if expr.startswith("!"):
                return "${" + expr[1:] + "}"
            if expr in variables:
                return _scalar_text(variables[expr])
            if "." in expr and not expr.startswith("AWS::"):
                logical_id, attribute = expr.split(".", 1)
                return _scalar_text(self._get_att(logical_id, attribute))
            return _scalar_text(self._ref(expr))

        return re.sub(r"\$\{([^}]*)\}", replace, text)

    def resolve_or_empty(self, value: Any) -> Any:
        try:
            return self.resolve(value)
        except Unresolvable:
            return ""

    # resources ----------------------------------------------------------------------------
    def table_name(self, logical_id: str) -> str:
        props = self.resources[logical_id].get("Properties") or {}
        if props.get("TableName") is None:
            return logical_id
        name = self.resolve_or_empty(props["TableName"])
        return name or logical_id

    def function_name(self, logical_id: str) -> str:
        props = self.resources[logical_id].get("Properties") or {}
        name = self.resolve_or_empty(props.get("FunctionName")) if props.get("FunctionName") else ""
        return name or logical_id

    def event_bus_name(self, logical_id: str) -> str:
        props = self.resources[logical_id].get("Properties") or {}
        return self.resolve_or_empty(props.get("Name")) or logical_id

    def event_buses(self) -> list[str]:
        return [
            self.event_bus_name(logical_id)
            for logical_id, res in self.resources.items()
            if res.get("Type") == _EVENT_BUS_TYPE and self.resource_enabled(logical_id)
        ]

    def function_ids(self) -> list[str]:
        return [
            logical_id
            for logical_id, res in self.resources.items()
            if res.get("Type") == _FUNCTION_TYPE and self.resource_enabled(logical_id)
        ]

    def functions(self) -> dict[str, FunctionSpec]:
        return {logical_id: self._function(logical_id) for logical_id in self.function_ids()}

    def _function(self, logical_id: str) -> FunctionSpec:
        glob = self.globals.get("Function") or {}
        props = self.resources[logical_id].get("Properties") or {}

        def prop(name: str, default: Any = None) -> Any:
            return props.get(name, glob.get(name, default))

        code_uri = self.resolve(prop("CodeUri"))
        if not isinstance(code_uri, str) or not code_uri:
            raise TemplateError(f"{logical_id}: CodeUri must be a local directory")
        handler = self.resolve(prop("Handler"))
        if not isinstance(handler, str) or "." not in handler:
            raise TemplateError(f"{logical_id}: Handler must look like module.function")
        module, attr = handler.rsplit(".", 1)
        code_dir = (self.base_dir / code_uri).resolve()
        module_file = code_dir / (module.replace(".", "/") + ".py")

        environment: dict[str, str] = {}
        for source in (glob.get("Environment"), props.get("Environment")):
            variables = (source or {}).get("Variables") or {}
            for key, raw in variables.items():
                value = self.resolve_or_empty(raw)
                if value is not _NO_VALUE:
                    environment[key] = _scalar_text(value)

        return FunctionSpec(
            logical_id=logical_id,
            function_name=self.function_name(logical_id),
            code_dir=code_dir,
            module_file=module_file,
            handler_attr=attr,
            environment=environment,
            memory_mb=int(self.resolve_or_empty(prop("MemorySize", 128)) or 128),
            timeout_s=float(self.resolve_or_empty(prop("Timeout", 3)) or 3),
            routes=tuple(self._routes(logical_id, props.get("Events") or {})),
        )

    def _routes(self, logical_id: str, events: dict[str, Any]) -> list[Route]:
        routes = []
        for event in events.values():
            if (event or {}).get("Type") != "HttpApi":
                continue
            props = event.get("Properties") or {}
            path = self.resolve(props["Path"]) if "Path" in props else None
            method = str(self.resolve(props.get("Method", "ANY"))).upper()
            if path is None:
                routes.append(Route("ANY", "$default", logical_id))
            else:
                routes.append(
                    Route(
                        "ANY" if method in ("*", "X-AMAZON-APIGATEWAY-ANY-METHOD") else method,
                        path,
                        logical_id,
                    )
                )
        return routes

    def tables(self) -> list[TableSpec]:
        return [
            self._table(logical_id)
            for logical_id, res in self.resources.items()
            if res.get("Type") in _TABLE_TYPES and self.resource_enabled(logical_id)
        ]

    def _table(self, logical_id: str) -> TableSpec:
        resource = self.resources[logical_id]
        raw = resource.get("Properties") or {}
        props = {key: self.resolve_or_empty(value) for key, value in raw.items()}
        name = self.table_name(logical_id)
        if resource["Type"] == "AWS::Serverless::SimpleTable":
            key = props.get("PrimaryKey") or {"Name": "id", "Type": "String"}
            key_type = {"String": "S", "Number": "N", "Binary": "B"}[key.get("Type", "String")]
            args: dict[str, Any] = {
                "TableName": name,
                "KeySchema": [{"AttributeName": key["Name"], "KeyType": "HASH"}],
                "AttributeDefinitions": [{"AttributeName": key["Name"], "AttributeType": key_type}],
                "BillingMode": "PAY_PER_REQUEST",
            }
            return TableSpec(logical_id, args, None)

        args = {"TableName": name}
        for key in (
            "KeySchema",
            "AttributeDefinitions",
            "BillingMode",
            "ProvisionedThroughput",
            "GlobalSecondaryIndexes",
            "LocalSecondaryIndexes",
            "Tags",
        ):
            if props.get(key):
                args[key] = props[key]
        if "KeySchema" not in args or "AttributeDefinitions" not in args:
            raise TemplateError(f"{logical_id}: a table needs KeySchema and AttributeDefinitions")
        args.setdefault(
            "BillingMode", "PAY_PER_REQUEST" if "ProvisionedThroughput" not in args else "PROVISIONED"
        )
        stream = props.get("StreamSpecification")
        if stream and stream.get("StreamViewType"):
            args["StreamSpecification"] = {"StreamEnabled": True, "StreamViewType": stream["StreamViewType"]}
        ttl = props.get("TimeToLiveSpecification") or {}
        ttl_attribute = ttl.get("AttributeName") if _truthy(ttl.get("Enabled", False)) else None
        return TableSpec(logical_id, args, ttl_attribute)


def _truthy(value: Any) -> bool:
    return value is True or str(value).lower() == "true"


def _scalar_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ",".join(_scalar_text(v) for v in value)
    return "" if value is None else str(value)
