using Azure;
using Azure.AI.OpenAI;
using Microsoft.Data.SqlClient;
using OpenAI.Chat;

var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();

var aoai = builder.Configuration.GetSection("AzureOpenAI");
var azure = new AzureOpenAIClient(new Uri(aoai["Endpoint"]!), new AzureKeyCredential(aoai["ApiKey"]!));
ChatClient sqlWriter = azure.GetChatClient(aoai["Deployment"]);
ChatClient summarizer = azure.GetChatClient("summaries-gpt4o-mini");
var capped = new ChatCompletionOptions { MaxOutputTokenCount = 300 };

app.MapPost("/reports/query", async (ReportRequest req) =>
{
    ChatCompletion sql = await sqlWriter.CompleteChatAsync(
        [new SystemChatMessage("Write one T-SQL SELECT over dbo.Sales that answers the question. SQL only."),
         new UserChatMessage(req.Question)], capped);
    await using var conn = new SqlConnection(builder.Configuration.GetConnectionString("Sales"));
    await conn.OpenAsync();
    await using var cmd = new SqlCommand(sql.Content[0].Text, conn);
    await using var reader = await cmd.ExecuteReaderAsync();
    var rows = new List<object[]>();
    while (await reader.ReadAsync() && rows.Count < 500)
    {
        var row = new object[reader.FieldCount];
        reader.GetValues(row);
        rows.Add(row);
    }
    ChatCompletion summary = await summarizer.CompleteChatAsync(
        [new UserChatMessage($"Summarize these {rows.Count} rows for a sales manager.")], capped);
    return Results.Ok(new { rows, summary = summary.Content[0].Text });
});

app.Run();

record ReportRequest(string Question);
