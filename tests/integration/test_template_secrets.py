"""The OpenAI-compatible endpoint's key reaches only the functions that call a chat model, through
SSM Parameter Store: their environment names the parameter (never the key), and their roles may
read that one parameter and nothing else of Parameter Store."""

from __future__ import annotations

import pytest

from tests.integration.test_template import FUNCTIONS, deployed, load_template

pytestmark = pytest.mark.integration

EXTRACTING = {"UpdatesFunction", "IngestFunction", "ConsolidateFunction"}
PARAMETER_ARN = {
    "Fn::Sub": "arn:${AWS::Partition}:ssm:${AWS::Region}:${AWS::AccountId}:parameter/${OpenAIApiKeyParameter}"
}


def _ssm_statements(resources: dict, function: str) -> list[dict]:
    role = resources[function]["Properties"]["Role"]["Fn::GetAtt"][0]
    found = []
    for policy in resources[role]["Properties"].get("Policies", []):
        for statement in policy["PolicyDocument"]["Statement"]:
            actions = statement["Action"]
            actions = [actions] if isinstance(actions, str) else actions
            if any(a.startswith("ssm:") for a in actions):
                found.append(statement)
    return found


def test_the_template_takes_a_parameter_name_and_no_key():
    parameters = load_template()["Parameters"]
    assert "OpenAIApiKey" not in parameters
    assert parameters["OpenAIApiKeyParameter"]["Default"] == ""
    assert not [name for name, p in parameters.items() if p.get("NoEcho")]


def test_with_a_key_parameter_only_the_extracting_functions_may_read_it_and_only_it():
    resources = deployed(OpenAIApiKeyParameter="memstore/openai-api-key")
    for name in FUNCTIONS:
        if name not in resources:
            continue
        env = resources[name]["Properties"]["Environment"]["Variables"]
        statements = _ssm_statements(resources, name)
        assert "OPENAI_API_KEY" not in env, name
        if name in EXTRACTING:
            assert env["OPENAI_API_KEY_PARAMETER"] == PARAMETER_ARN, name
            assert statements == [
                {
                    "Sid": "ReadOpenAIApiKey",
                    "Effect": "Allow",
                    "Action": "ssm:GetParameter",
                    "Resource": PARAMETER_ARN,
                }
            ], name
        else:
            assert "OPENAI_API_KEY_PARAMETER" not in env, name
            assert statements == [], name


def test_without_a_key_parameter_no_function_may_read_parameter_store():
    resources = deployed()
    for name in EXTRACTING:
        assert resources[name]["Properties"]["Environment"]["Variables"]["OPENAI_API_KEY_PARAMETER"] == ""
    for name in FUNCTIONS:
        if name in resources:
            assert _ssm_statements(resources, name) == [], name
