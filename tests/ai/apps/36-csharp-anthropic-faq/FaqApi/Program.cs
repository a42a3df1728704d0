using System.Text.Encodings.Web;
using Anthropic.SDK;
using Anthropic.SDK.Messaging;

var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
var claude = new AnthropicClient();

async Task<string> Answer(string question)
{
    var parameters = new MessageParameters
    {
        Model = "claude-3-5-sonnet-latest",
        MaxTokens = 400,
        System = [new SystemMessage("Answer questions about Acme's return policy in two sentences.")],
        Messages = [new Message(RoleType.User, question)],
    };
    MessageResponse res = await claude.Messages.GetClaudeMessageAsync(parameters);
    return res.Message.ToString();
}

app.MapGet("/faq/widget", async (string q) =>
{
    string answer = await Answer(q);
    return Results.Content($"<div class=\"faq-answer\">{answer}</div>", "text/html");
});

app.MapGet("/faq/card", async (string q) =>
{
    string answer = await Answer(q);
    return Results.Content($"<div class=\"faq-card\">{HtmlEncoder.Default.Encode(answer)}</div>", "text/html");
});

app.Run();
