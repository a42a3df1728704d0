using Anthropic.SDK;
using Anthropic.SDK.Messaging;
using Xunit;

public class LiveSmokeTests
{
    [Fact(Skip = "needs ANTHROPIC_API_KEY")]
    public async Task ClaudeAnswers()
    {
        var client = new AnthropicClient();
        var res = await client.Messages.GetClaudeMessageAsync(new MessageParameters
        {
            Model = "claude-3-opus-latest",
            MaxTokens = 5,
            Messages = [new Message(RoleType.User, "ping")],
        });
        Assert.NotNull(res.Message);
    }
}
