using Newtonsoft.Json;

namespace Rampart.Samples
{
    public static class PayloadReader
    {
        public static object ReadTyped(string json)
        {
            var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.All };
            // expect: CWE-502
            return JsonConvert.DeserializeObject(json, settings);
        }

        public static object ReadPlain(string json)
        {
            var settings = new JsonSerializerSettings { TypeNameHandling = TypeNameHandling.None };
            // ok: CWE-502
            return JsonConvert.DeserializeObject(json, settings);
        }
    }
}
