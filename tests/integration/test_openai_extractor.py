"""The OpenAI-compatible extractor against a real HTTP server on 127.0.0.1 that speaks the
chat-completions wire format, answers from a script and records every request."""

from __future__ import annotations

import json
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from memstore.adapters.extractors import is_known_chat_model, make_extractor
from memstore.adapters.llm_extraction import InvalidModelOutput
from memstore.adapters.llm_prompt import TOOL_NAME, output_schema
from memstore.adapters.openai_extractor import OpenAICompatibleExtractor
from memstore.domain.errors import DependencyUnavailable, ExtractionFailed, InvalidRequest
from memstore.domain.extraction import Message
from memstore.domain.models import Kind, MemoryItem, StoreOptions

pytestmark = pytest.mark.integration

API_KEY = "sk-test-0123456789"
POLICY = "Never store medications, diagnoses or political affiliation."
OPTIONS = StoreOptions(procedural_memory_enabled=True, user_profile_details=POLICY)
MESSAGES = [
    Message(id="msg_1", role="user", content="I no longer drink dark roast; it's cold brew for me now."),
    Message(id="msg_2", role="assistant", content="Noted!"),
    Message(id="msg_3", role="user", content="Please forget about the Vespa."),
]
EXISTING = [
    MemoryItem(
        memory_id="mem_01COFFEE",
        store="s",
        scope="u",
        kind=Kind.USER_PROFILE,
        content="The user drinks dark roast coffee.",
        created_at=1_700_000_000,
        updated_at=1_700_000_000,
    )
]
GOOD = {
    "memories": [
        {
            "kind": "user_profile",
            "content": "The user drinks cold brew.",
            "topic": "coffee",
            "is_update": True,
            "replaces": ["mem_01COFFEE"],
            "importance": 0.7,
            "message_ids": ["msg_1", "msg_404"],
        }
    ],
    "forget": ["the Vespa"],
}


def completion(message, *, prompt_tokens=700, completion_tokens=90, finish_reason="tool_calls"):
    return {
        "id": "chatcmpl-9xYz",
        "object": "chat.completion",
        "created": 1_730_000_000,
        "model": "gpt-4o-mini-2024-07-18",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": {
            "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "total_tokens": prompt_tokens + completion_tokens,
        },
    }


def tool_call_message(arguments: str, call_id="call_abc123"):
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {"id": call_id, "type": "function", "function": {"name": TOOL_NAME, "arguments": arguments}}
        ],
    }


class FakeChatServer:
    """Answers POST /v1/chat/completions with scripted (status, body, delay) replies."""

    def __init__(self):
        self.requests: list[dict] = []
        self.script: list[tuple[int, object, float]] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                body = self.rfile.read(length)
                owner.requests.append(
                    {"path": self.path, "headers": dict(self.headers), "body": json.loads(body)}
                )
                status, reply, delay = owner.script.pop(0) if owner.script else (500, {}, 0.0)
                time.sleep(delay)
                data = reply if isinstance(reply, bytes) else json.dumps(reply).encode()
                try:
                    self.send_response(status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True)

    def reply(self, status: int, body, delay: float = 0.0):
        self.script.append((status, body, delay))


@pytest.fixture
def chat_server():
    server = FakeChatServer()
    server.thread.start()
    yield server
    server.server.shutdown()
    server.server.server_close()


def extractor(server: FakeChatServer, timeout: float = 5.0) -> OpenAICompatibleExtractor:
    return OpenAICompatibleExtractor("gpt-4o-mini", server.base_url, API_KEY, timeout)


def test_happy_path_via_tool_calls(chat_server):
    chat_server.reply(200, completion(tool_call_message(json.dumps(GOOD))))

    result = extractor(chat_server).extract(MESSAGES, [], EXISTING, OPTIONS)

    (request,) = chat_server.requests
    assert request["path"] == "/v1/chat/completions"
    assert request["headers"]["Authorization"] == f"Bearer {API_KEY}"
    body = request["body"]
    assert body["model"] == "gpt-4o-mini" and body["temperature"] == 0
    assert body["tools"] == [
        {
            "type": "function",
            "function": {
                "name": TOOL_NAME,
                "description": body["tools"][0]["function"]["description"],
                "parameters": output_schema(OPTIONS),
            },
        }
    ]
    assert body["tool_choice"] == {"type": "function", "function": {"name": TOOL_NAME}}
    system, user = body["messages"]
    assert system["role"] == "system" and POLICY in system["content"]
    assert user["role"] == "user" and '"memory_id": "mem_01COFFEE"' in user["content"]
    assert '"id": "msg_3"' in user["content"]

    (memory,) = result.memories
    assert memory.kind is Kind.USER_PROFILE and memory.content == "The user drinks cold brew."
    assert memory.message_ids == ["msg_1"] and memory.replaces == ["mem_01COFFEE"]
    assert result.forget == ["the Vespa"]
    assert result.usage == {"input_tokens": 700, "output_tokens": 90, "total_tokens": 790}


def test_plain_content_json_is_accepted(chat_server):
    chat_server.reply(
        200, completion({"role": "assistant", "content": json.dumps(GOOD)}, finish_reason="stop")
    )

    result = extractor(chat_server).extract(MESSAGES, [], EXISTING, OPTIONS)

    assert len(chat_server.requests) == 1
    assert [m.content for m in result.memories] == ["The user drinks cold brew."]


def test_invalid_arguments_are_repaired_once(chat_server):
    chat_server.reply(200, completion(tool_call_message('{"memories": [{"kind": "user_profile"', "call_1")))
    chat_server.reply(200, completion(tool_call_message(json.dumps(GOOD), "call_2"), prompt_tokens=820))

    result = extractor(chat_server).extract(MESSAGES, [], EXISTING, OPTIONS)

    assert len(chat_server.requests) == 2
    first, second = (r["body"] for r in chat_server.requests)
    assert second["messages"][:2] == first["messages"]
    assistant, tool = second["messages"][2:]
    assert assistant["role"] == "assistant" and assistant["tool_calls"][0]["id"] == "call_1"
    assert tool["role"] == "tool" and tool["tool_call_id"] == "call_1"
    assert "not valid JSON" in tool["content"] and TOOL_NAME in tool["content"]
    assert second["tool_choice"] == first["tool_choice"]
    assert len(result.memories) == 1
    assert result.usage == {"input_tokens": 1520, "output_tokens": 180, "total_tokens": 1700}


def test_schema_violation_in_text_reply_is_repaired_with_a_user_turn(chat_server):
    bad = {"memories": [{"kind": "preference", "content": "x"}], "forget": []}
    chat_server.reply(
        200, completion({"role": "assistant", "content": json.dumps(bad)}, finish_reason="stop")
    )
    chat_server.reply(200, completion(tool_call_message(json.dumps(GOOD))))

    extractor(chat_server).extract(MESSAGES, [], EXISTING, OPTIONS)

    assistant, repair = chat_server.requests[1]["body"]["messages"][2:]
    assert assistant == {"role": "assistant", "content": json.dumps(bad)}
    assert repair["role"] == "user" and "memories.0.kind" in repair["content"]


def test_garbage_twice_raises_extraction_failed(chat_server):
    chat_server.reply(200, completion({"role": "assistant", "content": "I'd rather chat about onions."}))
    chat_server.reply(200, completion(tool_call_message("[1, 2, 3]")))

    with pytest.raises(ExtractionFailed) as info:
        extractor(chat_server).extract(MESSAGES, [], EXISTING, OPTIONS)

    assert len(chat_server.requests) == 2
    assert "openai:gpt-4o-mini" in info.value.message
    assert isinstance(info.value.__cause__, InvalidModelOutput)


@pytest.mark.parametrize("status", [500, 502, 503, 429])
def test_server_errors_and_rate_limits_are_dependency_unavailable(chat_server, status):
    chat_server.reply(status, {"error": {"message": "overloaded", "type": "server_error"}})

    with pytest.raises(DependencyUnavailable) as info:
        extractor(chat_server).extract(MESSAGES, [], EXISTING, OPTIONS)

    assert len(chat_server.requests) == 1
    assert str(status) in info.value.message


def test_client_errors_are_extraction_failed_with_the_status(chat_server):
    chat_server.reply(401, {"error": {"message": "Incorrect API key provided", "code": "invalid_api_key"}})

    with pytest.raises(ExtractionFailed) as info:
        extractor(chat_server).extract(MESSAGES, [], EXISTING, OPTIONS)

    assert "HTTP 401" in info.value.message and "Incorrect API key" in info.value.message


def test_timeout_is_dependency_unavailable(chat_server):
    chat_server.reply(200, completion(tool_call_message(json.dumps(GOOD))), delay=1.0)

    with pytest.raises(DependencyUnavailable):
        extractor(chat_server, timeout=0.2).extract(MESSAGES, [], EXISTING, OPTIONS)


def test_non_completion_body_is_dependency_unavailable(chat_server):
    chat_server.reply(200, b"<html>gateway login</html>")

    with pytest.raises(DependencyUnavailable):
        extractor(chat_server).extract(MESSAGES, [], EXISTING, OPTIONS)


def test_connection_refused_is_dependency_unavailable():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    refused = OpenAICompatibleExtractor("m", f"http://127.0.0.1:{port}/v1", None, 2.0)

    with pytest.raises(DependencyUnavailable):
        refused.extract(MESSAGES, [], [], OPTIONS)


def test_make_extractor_routes_openai_models_to_the_configured_endpoint(chat_server):
    chat_server.reply(200, completion(tool_call_message(json.dumps(GOOD))))

    made = make_extractor(
        "openai:meta-llama/Llama-3.1-8B-Instruct",
        openai_base_url=chat_server.base_url + "/",
        openai_api_key=None,
    )
    result = made.extract(MESSAGES, [], EXISTING, OPTIONS)

    assert made.name == "openai:meta-llama/Llama-3.1-8B-Instruct"
    (request,) = chat_server.requests
    assert request["path"] == "/v1/chat/completions"
    assert request["body"]["model"] == "meta-llama/Llama-3.1-8B-Instruct"
    assert "Authorization" not in request["headers"]
    assert len(result.memories) == 1
    assert is_known_chat_model("openai:gpt-4o-mini")


def test_openai_model_without_endpoint_is_invalid_request():
    with pytest.raises(InvalidRequest) as info:
        make_extractor("openai:gpt-4o-mini")
    assert info.value.param == "definition.chat_model"


def test_only_http_endpoints_are_accepted():
    with pytest.raises(InvalidRequest):
        OpenAICompatibleExtractor("m", "file:///etc", None, 1.0)
