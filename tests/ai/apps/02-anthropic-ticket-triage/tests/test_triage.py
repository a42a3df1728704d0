from unittest import mock

from anthropic import Anthropic

from app import triage


def test_triage_parses_reply():
    fake = mock.Mock()
    fake.content = [mock.Mock(text='{"priority": "low", "refund_amount": 0}')]
    with mock.patch.object(triage.client.messages, "create", return_value=fake) as create:
        assert triage.triage("my order is late")["priority"] == "low"
    create.assert_called_once()


def test_live_smoke():
    client = Anthropic()
    client.messages.create(model="claude-3-opus-latest", max_tokens=5, messages=[{"role": "user", "content": "ping"}])
