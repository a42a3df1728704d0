using System.IO;

namespace Rampart.Samples
{
    public class AuditEntry
    {
        public AuditEntry(string userName, string action)
        {
            UserName = userName;
            Action = action;
        }

        public string UserName { get; }

        public string Action { get; }
    }

    public class ConversionJob
    {
        private readonly string _format;

        public ConversionJob(string inputFile, string format)
        {
            InputFile = inputFile;
            _format = format;
        }

        public string InputFile { get; }

        public string CommandLine => "/c magick " + InputFile + " C:\\convert\\out." + _format;
    }

    public class Attachment
    {
        private const string Root = "/srv/attachments";

        public Attachment(string fileName)
        {
            FileName = fileName;
        }

        public string FileName { get; }

        public string StoragePath => Path.Combine(Root, FileName);
    }

    public class Comment
    {
        private string _author;

        public Comment(string author, string text)
        {
            _author = author;
            Text = text;
        }

        public string Text { get; }

        public string GetAuthor()
        {
            return _author;
        }
    }

    public class WebhookTarget
    {
        public WebhookTarget(string endpoint)
        {
            Endpoint = endpoint;
        }

        public string Endpoint { get; }
    }

    public class DirectoryQuery
    {
        public DirectoryQuery(string attribute, string value)
        {
            Attribute = attribute;
            Value = value;
        }

        public string Attribute { get; }

        public string Value { get; }

        public string Filter => "(&(objectClass=user)(" + Attribute + "=" + Value + "))";
    }

    public class CatalogQuery
    {
        private readonly string _title;

        public CatalogQuery(string title)
        {
            _title = title;
        }

        public string GetXPath()
        {
            return "/catalog/book[title='" + _title + "']";
        }
    }

    public class UserContext
    {
        public UserContext(string userId)
        {
            UserId = userId;
        }

        public string UserId { get; set; }
    }
}
