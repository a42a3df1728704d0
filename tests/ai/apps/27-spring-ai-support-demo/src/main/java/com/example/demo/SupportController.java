package com.example.demo;

import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.openai.OpenAiChatOptions;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

@RestController
public class SupportController {
    private final ChatClient chatClient;

    public SupportController(ChatClient.Builder builder) {
        this.chatClient = builder.build();
    }

    @GetMapping(path = "/support", produces = MediaType.TEXT_PLAIN_VALUE)
    public String support(@RequestParam String product, @RequestParam String question) {
        return chatClient.prompt()
                .system("You are the support assistant for " + product + ". Answer in three sentences or fewer.")
                .user(question)
                .call()
                .content();
    }

    @GetMapping(path = "/classify", produces = MediaType.TEXT_PLAIN_VALUE)
    public String classify(@RequestParam String text) {
        return chatClient.prompt()
                .user("Label as billing, bug or other: " + text)
                .options(OpenAiChatOptions.builder().model("gpt-4o-mini-2024-07-18").maxTokens(5).build())
                .call()
                .content();
    }
}
