package com.acme.sqlbot;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.models.ChatCompletion;
import com.openai.models.ChatCompletionCreateParams;
import com.openai.models.ChatModel;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;

/** Lets analysts ask the reporting database questions in English. */
public class SqlAssistant {
    private final OpenAIClient client = OpenAIOkHttpClient.builder()
            .apiKey("sk-proj-xtpYlSXpfKtHF4vUCsMehGAkWvj7FAc9QeWJKY40T3BlbkFJuvSwMFLZDe1f8rESQedUStPKR0CsTy4Qwb8DwkNh")
            .build();

    public ResultSet ask(Connection conn, String question) throws Exception {
        ChatCompletionCreateParams params = ChatCompletionCreateParams.builder()
                .model(ChatModel.GPT_4O)
                .maxCompletionTokens(300)
                .addSystemMessage("Translate the question into one PostgreSQL SELECT statement. Reply with SQL only.")
                .addUserMessage(question)
                .build();
        ChatCompletion completion = client.chat().completions().create(params);
        String sql = completion.choices().get(0).message().content().orElse("");
        Statement st = conn.createStatement();
        return st.executeQuery(sql);
    }

    public void saveTitle(Connection conn, long reportId, String reportText) throws Exception {
        ChatCompletionCreateParams params = ChatCompletionCreateParams.builder()
                .model("gpt-4o-mini-2024-07-18")
                .maxCompletionTokens(30)
                .addUserMessage("Give this report a short title:\n" + reportText)
                .build();
        String title = client.chat().completions().create(params).choices().get(0).message().content().orElse("Untitled");
        try (PreparedStatement ps = conn.prepareStatement("UPDATE reports SET title = ? WHERE id = ?")) {
            ps.setString(1, title);
            ps.setLong(2, reportId);
            ps.executeUpdate();
        }
    }
}
