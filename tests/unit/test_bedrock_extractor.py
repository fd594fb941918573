"""The Bedrock Converse extractor against botocore's Stubber (real request validation against the
service model, no sockets), plus the shared output parser and the chat_model routing."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import boto3
import pytest
from botocore.exceptions import ClientError
from botocore.stub import Stubber
from hypothesis import given
from hypothesis import strategies as st

from memstore.adapters.bedrock_extractor import BedrockConverseExtractor
from memstore.adapters.bedrock_models import model_provider
from memstore.adapters.extractors import is_known_chat_model, make_extractor
from memstore.adapters.llm_extraction import InvalidModelOutput, decode_json_text, parse_extraction
from memstore.adapters.llm_prompt import TOOL_NAME, output_schema
from memstore.domain.errors import DependencyUnavailable, ExtractionFailed, InvalidRequest
from memstore.domain.extraction import Message
from memstore.domain.models import Kind, MemoryItem, StoreOptions

CLAUDE = "anthropic.claude-3-5-haiku-20241022-v1:0"
POLICY = "Never store medications, diagnoses or political affiliation."
OPTIONS = StoreOptions(procedural_memory_enabled=True, user_profile_details=POLICY)

MESSAGES = [
    Message(id="msg_1", role="user", content="Actually I switched to cold brew, no more dark roast."),
    Message(id="msg_2", role="assistant", content="Got it, cold brew it is."),
    Message(id="msg_3", role="user", content="And please answer me in bullet points from now on."),
]
CONTEXT = [Message(id="msg_0", role="user", content="I always order a dark roast at cafes.")]
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

GOOD_INPUT = {
    "memories": [
        {
            "kind": "user_profile",
            "content": "The user drinks cold brew.",
            "topic": "Coffee",
            "is_update": True,
            "replaces": ["mem_01COFFEE", "mem_HALLUCINATED"],
            "importance": 1.7,
            "message_ids": ["msg_1", "msg_999"],
        },
        {
            "kind": "procedural",
            "content": "Answer the user in bullet points.",
            "topic": "answer format",
            "is_update": False,
            "replaces": [],
            "importance": 0.9,
            "message_ids": ["msg_3"],
        },
    ],
    "forget": [],
}


def converse_response(blocks, *, input_tokens=900, output_tokens=120, stop_reason="tool_use"):
    return {
        "output": {"message": {"role": "assistant", "content": blocks}},
        "stopReason": stop_reason,
        "usage": {
            "inputTokens": input_tokens,
            "outputTokens": output_tokens,
            "totalTokens": input_tokens + output_tokens,
        },
        "metrics": {"latencyMs": 812},
    }


def tool_use(payload, tool_use_id="tooluse_kZJMlvQmRJ6eAyJE5GIl7Q"):
    return {"toolUse": {"toolUseId": tool_use_id, "name": TOOL_NAME, "input": payload}}


@pytest.fixture
def bedrock():
    """A real bedrock-runtime client whose calls are answered by a Stubber; the parameters of
    every converse call are recorded as the adapter sent them."""
    client = boto3.client(
        "bedrock-runtime",
        region_name="us-east-1",
        aws_access_key_id="testing",
        aws_secret_access_key="testing",
    )
    calls: list[dict] = []
    client.meta.events.register(
        "provide-client-params.bedrock-runtime.Converse",
        lambda params, **_: calls.append(json.loads(json.dumps(params))),
    )
    with Stubber(client) as stubber:
        yield client, stubber, calls
        stubber.assert_no_pending_responses()


def test_happy_path_request_shape_and_candidates(bedrock):
    client, stubber, calls = bedrock
    stubber.add_response("converse", converse_response([tool_use(GOOD_INPUT)]))

    result = BedrockConverseExtractor(CLAUDE, client=client).extract(MESSAGES, CONTEXT, EXISTING, OPTIONS)

    assert len(calls) == 1
    request = calls[0]
    assert request["modelId"] == CLAUDE
    assert request["inferenceConfig"]["temperature"] == 0
    assert request["inferenceConfig"]["maxTokens"] > 0
    tool = request["toolConfig"]["tools"][0]["toolSpec"]
    assert tool["name"] == TOOL_NAME
    assert tool["inputSchema"]["json"] == output_schema(OPTIONS)
    assert request["toolConfig"]["toolChoice"] == {"tool": {"name": TOOL_NAME}}
    system = request["system"][0]["text"]
    assert POLICY in system
    assert "credentials" in system and "street addresses" in system
    turn = request["messages"][0]
    assert turn["role"] == "user"
    text = turn["content"][0]["text"]
    assert '"memory_id": "mem_01COFFEE"' in text and "dark roast coffee" in text
    assert '"id": "msg_0"' in text.split("<context>")[1].split("</context>")[0]
    new = text.split("<messages>")[1].split("</messages>")[0]
    assert all(f'"id": "{m.id}"' in new for m in MESSAGES)

    coffee, answers = result.memories
    assert coffee.kind is Kind.USER_PROFILE and coffee.content == "The user drinks cold brew."
    assert coffee.message_ids == ["msg_1"]
    assert coffee.replaces == ["mem_01COFFEE"]
    assert coffee.importance == 1.0 and coffee.is_update and coffee.topic == "coffee"
    assert answers.kind is Kind.PROCEDURAL and answers.message_ids == ["msg_3"]
    assert result.forget == []
    assert result.usage == {"input_tokens": 900, "output_tokens": 120, "total_tokens": 1020}


def test_invalid_tool_input_is_repaired_once(bedrock):
    client, stubber, calls = bedrock
    bad = {"memories": [{"kind": "preference", "content": "The user drinks cold brew."}], "forget": []}
    stubber.add_response("converse", converse_response([tool_use(bad, "tooluse_first")], output_tokens=40))
    stubber.add_response(
        "converse",
        converse_response([tool_use(GOOD_INPUT, "tooluse_second")], input_tokens=1100, output_tokens=130),
    )

    result = BedrockConverseExtractor(CLAUDE, client=client).extract(MESSAGES, CONTEXT, EXISTING, OPTIONS)

    assert len(calls) == 2
    first, second = calls
    assert second["system"] == first["system"] and second["toolConfig"] == first["toolConfig"]
    user, assistant, repair = second["messages"]
    assert user == first["messages"][0]
    assert assistant == {"role": "assistant", "content": [tool_use(bad, "tooluse_first")]}
    result_block = repair["content"][0]["toolResult"]
    assert repair["role"] == "user" and result_block["toolUseId"] == "tooluse_first"
    assert result_block["status"] == "error"
    assert "memories.0.kind" in result_block["content"][0]["text"]
    assert [m.content for m in result.memories][0] == "The user drinks cold brew."
    assert result.usage == {"input_tokens": 2000, "output_tokens": 170, "total_tokens": 2170}


def test_text_reply_with_invalid_json_is_repaired(bedrock):
    client, stubber, calls = bedrock
    stubber.add_response(
        "converse",
        converse_response([{"text": "Sure! {memories: [cold brew]}"}], stop_reason="end_turn"),
    )
    stubber.add_response("converse", converse_response([tool_use(GOOD_INPUT)]))

    result = BedrockConverseExtractor(CLAUDE, client=client).extract(MESSAGES, CONTEXT, EXISTING, OPTIONS)

    assert len(calls) == 2
    _, assistant, repair = calls[1]["messages"]
    assert assistant["content"] == [{"text": "Sure! {memories: [cold brew]}"}]
    assert "no valid JSON" in repair["content"][0]["text"]
    assert len(result.memories) == 2


def test_invalid_twice_raises_extraction_failed(bedrock):
    client, stubber, calls = bedrock
    stubber.add_response("converse", converse_response([tool_use({"memories": "none"})]))
    stubber.add_response("converse", converse_response([{"text": "I cannot help with that."}]))

    with pytest.raises(ExtractionFailed) as info:
        BedrockConverseExtractor(CLAUDE, client=client).extract(MESSAGES, CONTEXT, EXISTING, OPTIONS)

    assert len(calls) == 2
    assert CLAUDE in info.value.message and "twice" in info.value.message
    assert isinstance(info.value.__cause__, InvalidModelOutput)


def test_truncated_output_tells_the_model_why(bedrock):
    client, stubber, calls = bedrock
    stubber.add_response(
        "converse", converse_response([tool_use({"memories": [{}]})], stop_reason="max_tokens")
    )
    stubber.add_response("converse", converse_response([tool_use(GOOD_INPUT)]))

    BedrockConverseExtractor(CLAUDE, client=client).extract(MESSAGES, CONTEXT, EXISTING, OPTIONS)

    assert "cut off" in calls[1]["messages"][2]["content"][0]["toolResult"]["content"][0]["text"]


@pytest.mark.parametrize(
    ("code", "status"),
    [
        ("ThrottlingException", 429),
        ("ServiceUnavailableException", 503),
        ("InternalServerException", 500),
        ("ModelTimeoutException", 408),
        ("AccessDeniedException", 403),
    ],
)
def test_service_errors_are_dependency_unavailable(bedrock, code, status):
    client, stubber, calls = bedrock
    stubber.add_client_error("converse", service_error_code=code, http_status_code=status)

    with pytest.raises(DependencyUnavailable) as info:
        BedrockConverseExtractor(CLAUDE, client=client).extract(MESSAGES, CONTEXT, EXISTING, OPTIONS)

    assert len(calls) == 1
    assert isinstance(info.value.__cause__, ClientError)
    assert code in info.value.message


def test_throttling_on_the_repair_call_is_dependency_unavailable(bedrock):
    client, stubber, calls = bedrock
    stubber.add_response("converse", converse_response([{"text": "no"}]))
    stubber.add_client_error("converse", service_error_code="ThrottlingException", http_status_code=429)

    with pytest.raises(DependencyUnavailable):
        BedrockConverseExtractor(CLAUDE, client=client).extract(MESSAGES, CONTEXT, EXISTING, OPTIONS)
    assert len(calls) == 2


def test_validation_exception_is_extraction_failed_not_retryable(bedrock):
    client, stubber, _ = bedrock
    stubber.add_client_error(
        "converse",
        service_error_code="ValidationException",
        service_message="This model doesn't support tool use.",
        http_status_code=400,
    )

    with pytest.raises(ExtractionFailed) as info:
        BedrockConverseExtractor(CLAUDE, client=client).extract(MESSAGES, CONTEXT, EXISTING, OPTIONS)
    assert "doesn't support tool use" in info.value.message


@pytest.mark.parametrize(
    ("model_id", "choice"),
    [
        ("us.anthropic.claude-sonnet-4-20250514-v1:0", {"tool": {"name": TOOL_NAME}}),
        ("us.amazon.nova-micro-v1:0", {"tool": {"name": TOOL_NAME}}),
        ("mistral.mistral-large-2407-v1:0", {"any": {}}),
        ("meta.llama3-1-70b-instruct-v1:0", None),
    ],
)
def test_tool_choice_follows_what_the_model_family_supports(bedrock, model_id, choice):
    client, stubber, calls = bedrock
    text = "```json\n" + json.dumps(GOOD_INPUT) + "\n```"
    stubber.add_response("converse", converse_response([{"text": text}], stop_reason="end_turn"))

    result = BedrockConverseExtractor(model_id, client=client).extract(MESSAGES, CONTEXT, EXISTING, OPTIONS)

    assert calls[0]["toolConfig"].get("toolChoice") == choice
    assert len(result.memories) == 2


def test_disabled_kinds_are_neither_asked_for_nor_returned(bedrock):
    client, stubber, calls = bedrock
    options = StoreOptions(procedural_memory_enabled=False, chat_summary_enabled=False)
    stubber.add_response("converse", converse_response([tool_use(GOOD_INPUT)]))

    result = BedrockConverseExtractor(CLAUDE, client=client).extract(MESSAGES, [], EXISTING, options)

    schema = calls[0]["toolConfig"]["tools"][0]["toolSpec"]["inputSchema"]["json"]
    assert schema["properties"]["memories"]["items"]["properties"]["kind"]["enum"] == ["user_profile"]
    assert "Never produce memories of kind: chat_summary, procedural." in calls[0]["system"][0]["text"]
    assert [m.kind for m in result.memories] == [Kind.USER_PROFILE]


def test_no_user_message_makes_no_call(bedrock):
    client, _, calls = bedrock
    only_assistant = [Message(id="msg_9", role="assistant", content="Hello!")]

    result = BedrockConverseExtractor(CLAUDE, client=client).extract(only_assistant, [], [], OPTIONS)

    assert calls == [] and result.memories == [] and result.forget == []


def test_content_filter_stop_is_repaired_without_quoting_the_conversation(bedrock):
    client, stubber, calls = bedrock
    stubber.add_response("converse", converse_response([], stop_reason="content_filtered", output_tokens=0))
    stubber.add_response("converse", converse_response([tool_use({"memories": [], "forget": []})]))

    result = BedrockConverseExtractor(CLAUDE, client=client).extract(MESSAGES, CONTEXT, EXISTING, OPTIONS)

    _, assistant, repair = calls[1]["messages"]
    assert assistant["content"] == [{"text": "(no answer)"}]
    assert "content filter" in repair["content"][0]["text"]
    assert result.memories == [] and result.usage["input_tokens"] == 1800


def test_system_prompt_states_the_rules_every_llm_extractor_follows():
    from memstore.adapters.llm_prompt import build_system_prompt

    prompt = build_system_prompt(OPTIONS)
    assert "context only" in prompt and "resolve pronouns and bare answers" in prompt
    assert "Never extract from <context>" in prompt
    assert "what to focus on and what to avoid" in prompt and POLICY in prompt
    assert "in `forget`, not in `memories`" in prompt
    assert "Never store secrets" in prompt and "API keys" in prompt


# --- the shared parser ---------------------------------------------------------------------


def test_parser_keeps_one_summary_and_tidies_forget():
    obj = {
        "memories": [
            {"kind": "chat_summary", "content": "Talked about coffee.", "message_ids": ["msg_1"]},
            {"kind": "chat_summary", "content": "Talked about coffee again.", "message_ids": []},
        ],
        "forget": ["  the Vespa ", "", "the Vespa"],
    }
    result = parse_extraction(obj, MESSAGES)
    assert [m.content for m in result.memories] == ["Talked about coffee."]
    assert result.forget == ["the Vespa"]


@pytest.mark.parametrize(
    ("obj", "where"),
    [
        ([], "JSON object"),
        ({"forget": []}, "memories"),
        ({"memories": [{"kind": "user_profile", "content": "  "}], "forget": []}, "memories.0.content"),
        ({"memories": [], "forget": [], "notes": "x"}, "notes"),
        ({"memories": [{"kind": "user_profile", "content": "x", "why": "y"}]}, "memories.0.why"),
    ],
)
def test_parser_rejects_wrong_shapes_naming_the_field(obj, where):
    with pytest.raises(InvalidModelOutput) as info:
        parse_extraction(obj, MESSAGES)
    assert where in info.value.detail


def test_parser_accepts_lists_sent_as_json_strings():
    obj = {"memories": json.dumps(GOOD_INPUT["memories"]), "forget": "[]"}
    assert len(parse_extraction(obj, MESSAGES).memories) == 2


@given(
    importance=st.floats(allow_nan=True, allow_infinity=True),
    ids=st.lists(st.sampled_from(["msg_1", "msg_2", "msg_3", "msg_x", "mem_01COFFEE", ""]), max_size=8),
)
def test_parser_clamps_importance_and_keeps_only_known_ids(importance, ids):
    obj = {
        "memories": [
            {"kind": "user_profile", "content": "fact", "importance": importance, "message_ids": ids}
        ],
        "forget": [],
    }
    (memory,) = parse_extraction(obj, MESSAGES).memories
    assert 0.0 <= memory.importance <= 1.0
    if not math.isnan(importance):
        assert memory.importance == min(1.0, max(0.0, importance))
    assert set(memory.message_ids) <= {m.id for m in MESSAGES}
    assert len(memory.message_ids) == len(set(memory.message_ids))
    assert set(memory.message_ids) == set(ids) & {m.id for m in MESSAGES}


def test_decode_json_text_finds_the_object():
    assert decode_json_text('Here you go: {"memories": [], "forget": []} Done.') == {
        "memories": [],
        "forget": [],
    }
    with pytest.raises(InvalidModelOutput):
        decode_json_text("")


# --- routing ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        CLAUDE,
        "us.anthropic.claude-3-5-haiku-20241022-v1:0",
        "global.anthropic.claude-sonnet-4-5-20250929-v1:0",
        "amazon.nova-micro-v1:0",
        "eu.amazon.nova-lite-v1:0",
        "meta.llama3-1-8b-instruct-v1:0",
        "mistral.mistral-large-2407-v1:0",
        "cohere.command-r-plus-v1:0",
        "ai21.jamba-1-5-mini-v1:0",
        "apac.anthropic.claude-3-haiku-20240307-v1:0",
        "arn:aws:bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-3-haiku-20240307-v1:0",
    ],
)
def test_bedrock_model_ids_make_the_bedrock_extractor(name):
    sentinel = object()
    extractor = make_extractor(name, bedrock_client=sentinel)
    assert isinstance(extractor, BedrockConverseExtractor)
    assert extractor.name == name and extractor.client is sentinel
    assert is_known_chat_model(name)


@pytest.mark.parametrize(
    "name",
    ["gpt-4o", "amazon.titan-embed-text-v2:0", "cohere.embed-english-v3", "anthropic.", "openai:", "", "x.y"],
)
def test_unknown_chat_models_are_invalid_requests(name):
    assert not is_known_chat_model(name)
    with pytest.raises(InvalidRequest) as info:
        make_extractor(name, openai_base_url="http://127.0.0.1:1/v1")
    assert info.value.param == "definition.chat_model"


def test_model_provider_reads_inference_profiles_and_arns():
    assert model_provider("us.anthropic.claude-3-haiku-20240307-v1:0") == "anthropic"
    assert model_provider("amazon.nova-pro-v1:0") == "amazon"
    assert model_provider("arn:aws:bedrock:us-east-1:123456789012:provisioned-model/abc123") is None


def test_routing_module_imports_no_aws_sdk():
    code = (
        "import sys, memstore.adapters.extractors, memstore.adapters.llm_prompt, memstore.adapters.llm_extraction, "
        "memstore.adapters.bedrock_extractor, memstore.adapters.openai_extractor; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('boto3', 'botocore')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_rules_model_makes_the_rules_extractor():
    rules = pytest.importorskip("memstore.adapters.rules_extractor")
    from memstore.adapters.hashing_embedder import HashingEmbedder

    parser = object()  # the syntax port; the extractor only uses it when it extracts
    extractor = make_extractor("memstore-rules", parser=parser, embedder=HashingEmbedder)
    assert isinstance(extractor, rules.RulesExtractor)
    assert is_known_chat_model("memstore-rules")
    with pytest.raises(ValueError):
        make_extractor("memstore-rules")
