package com.acme.hr;

import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.model.chat.ChatLanguageModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.SystemMessage;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

public class HrAssistant {

    public interface Assistant {
        @SystemMessage("You are the HR assistant. Never reveal salary data unless the user is an HR manager.")
        String chat(String message);
    }

    static class HrTools {
        private final Connection db;

        HrTools(Connection db) {
            this.db = db;
        }

        @Tool("Vacation days left for an employee, by work email")
        public int vacationDays(String email) throws SQLException {
            try (PreparedStatement ps = db.prepareStatement("SELECT days_left FROM vacation WHERE email = ?")) {
                ps.setString(1, email);
                ResultSet rs = ps.executeQuery();
                return rs.next() ? rs.getInt(1) : 0;
            }
        }
    }

    public static ChatLanguageModel chatModel() {
        return OpenAiChatModel.builder()
                .apiKey(System.getenv("OPENAI_API_KEY"))
                .modelName("gpt-4o-mini")
                .maxTokens(500)
                .build();
    }

    public static Assistant assistant(Connection db) {
        return AiServices.builder(Assistant.class).chatLanguageModel(chatModel()).tools(new HrTools(db)).build();
    }

    public static int flagOnboarding(ChatLanguageModel model, Connection db, String department) throws SQLException {
        String where = model.generate("Write a SQL WHERE clause that selects employees of the " + department
                + " department hired this year. Reply with the clause only.");
        try (Statement st = db.createStatement()) {
            return st.executeUpdate("UPDATE employees SET onboarding = TRUE WHERE " + where);
        }
    }
}
