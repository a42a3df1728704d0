'use strict';

const axios = require('axios');

const WEBHOOK_HOSTS = new Set(['hooks.slack.com', 'discord.com', 'api.pagerduty.com']);

class WebhookClient {
  constructor(timeoutMs = 5000) {
    this.timeoutMs = timeoutMs;
  }

  async deliverUnchecked(url, payload) {
    // expect: CWE-918
    const response = await axios.post(url, payload, { timeout: this.timeoutMs });
    return response.status;
  }

  async deliver(url, payload) {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' || !WEBHOOK_HOSTS.has(parsed.hostname)) {
      throw new Error('webhook host not allowed');
    }
    // ok: CWE-918
    const response = await axios.post(parsed.href, payload, { timeout: this.timeoutMs });
    return response.status;
  }
}

module.exports = { WebhookClient };
