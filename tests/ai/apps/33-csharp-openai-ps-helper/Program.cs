// ps-helper: describe a task, get a PowerShell command; with PS_HELPER_AUTORUN=1 it runs right away.
using System.Diagnostics;
using OpenAI.Chat;

string apiKey = Environment.GetEnvironmentVariable("OPENAI_API_KEY")!;
ChatClient client = new(model: "gpt-4o", apiKey: apiKey);
ChatClient explainer = new ChatClient("gpt-4o-mini-2024-07-18", apiKey);
var capped = new ChatCompletionOptions { MaxOutputTokenCount = 200 };

ChatCompletion completion = client.CompleteChat(
    [new SystemChatMessage("Reply with exactly one PowerShell command and nothing else."),
     new UserChatMessage(string.Join(' ', args))],
    capped);
string command = completion.Content[0].Text.Trim();
Console.WriteLine(command);

ChatCompletion why = explainer.CompleteChat(
    [new UserChatMessage("Explain briefly what this PowerShell command does: " + command)], capped);
Console.WriteLine(why.Content[0].Text);

if (Environment.GetEnvironmentVariable("PS_HELPER_AUTORUN") == "1")
{
    using var p = Process.Start("powershell.exe", "-NoProfile -Command " + command);
    p?.WaitForExit();
}
