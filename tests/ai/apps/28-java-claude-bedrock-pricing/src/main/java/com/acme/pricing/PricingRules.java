package com.acme.pricing;

import com.anthropic.client.AnthropicClient;
import com.anthropic.client.okhttp.AnthropicOkHttpClient;
import com.anthropic.models.Message;
import com.anthropic.models.MessageCreateParams;
import java.util.Map;
import javax.script.ScriptEngine;
import javax.script.ScriptEngineManager;
import javax.script.ScriptException;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.bedrockruntime.BedrockRuntimeClient;
import software.amazon.awssdk.services.bedrockruntime.model.ContentBlock;
import software.amazon.awssdk.services.bedrockruntime.model.ConversationRole;
import software.amazon.awssdk.services.bedrockruntime.model.ConverseResponse;

/** Turns merchandisers' plain-English pricing rules into executable expressions. */
public class PricingRules {
    private final AnthropicClient claude = AnthropicOkHttpClient.fromEnv();
    private final BedrockRuntimeClient bedrock = BedrockRuntimeClient.builder().region(Region.US_EAST_1).build();

    public double apply(String ruleText, Map<String, Object> order) throws ScriptException {
        MessageCreateParams params = MessageCreateParams.builder()
                .model("claude-3-5-sonnet-20241022")
                .maxTokens(300)
                .addUserMessage("Translate this pricing rule into one JavaScript expression over `order`: " + ruleText)
                .build();
        Message msg = claude.messages().create(params);
        String expr = msg.content().get(0).text().orElseThrow().text();
        ScriptEngine engine = new ScriptEngineManager().getEngineByName("graal.js");
        engine.put("order", order);
        return ((Number) engine.eval(expr)).doubleValue();
    }

    public String describe(String sku, String facts) {
        ConverseResponse r = bedrock.converse(c -> c
                .modelId("anthropic.claude-3-haiku-20240307-v1:0")
                .messages(m -> m.role(ConversationRole.USER).content(ContentBlock.fromText("Product blurb for " + sku + ": " + facts)))
                .inferenceConfig(i -> i.maxTokens(200)));
        return r.output().message().content().get(0).text();
    }
}
