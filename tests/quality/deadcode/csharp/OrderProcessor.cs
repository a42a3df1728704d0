using System;
using System.Collections.Generic;
using System.Linq;

namespace Shop.Orders
{
    public class OrderProcessor
    {
        private readonly List<decimal> _totals = new List<decimal>();

        public decimal Process(IEnumerable<decimal> amounts, string currency)
        {
            decimal sum = 0;
            int skipped = 0; // expect: unused-local-variable
            foreach (var amount in amounts)
            {
                sum += amount;
            }
            var rounded = Round(sum, 2, currency);
            _totals.Add(rounded);
            string note = $"{currency} {rounded}";
            return rounded + note.Length * 0;
        }

        private decimal Round(decimal value, int digits, string currency) // expect: unused-parameter
        {
            return Math.Round(value, digits);
        }

        private decimal Discount(decimal value) // expect: unused-private-function
        {
            return value * 0.9m;
        }

        decimal Fee(decimal value) // expect: unused-private-function
        {
            return value + 1m;
        }

        private void OnTimer(object sender, EventArgs e)
        {
            _totals.Clear();
        }

        public void Start(Action<object, EventArgs> subscribe, object f0)
        {
            subscribe(OnTimer);
            if (f0 == null) NotYet(1);
            Func<decimal, decimal> f = Halve;
            _totals.Add(f(2m));
        }

        private decimal Halve(decimal value, bool exact = true)
        {
            return value / 2;
        }

        [Obsolete]
        private void LegacyExport(string path)
        {
        }

        private void NotYet(int count) => throw new NotImplementedException();

        public int Classify(int code)
        {
            switch (code)
            {
                case 1:
                    return 10;
                    break; // expect: unreachable-code
                case 2:
                    return 20;
                default:
                    throw new ArgumentOutOfRangeException(nameof(code));
            }
        }

        public IEnumerable<int> Evens(int max)
        {
            for (int i = 0; i < max; i++)
            {
                if (i % 2 == 1)
                {
                    continue;
                    Console.WriteLine(i); // expect: unreachable-code
                }
                yield return i;
            }
            yield break;
            Console.WriteLine("done"); // expect: unreachable-code
        }

        public int Local(int x)
        {
            return Twice(x);

            int Twice(int y) => y * 2;
        }

        public void Dispose(string path)
        {
            using var stream = System.IO.File.OpenRead(path);
            using (var reader = new System.IO.StreamReader(stream))
            {
                _ = reader.Peek();
            }
            if (path is string p && TryParse(path, out var parsed))
            {
                Console.WriteLine(p + parsed);
            }
        }

        private static bool TryParse(string s, out int value)
        {
            value = s.Length;
            return true;
        }

        void Update()
        {
        }
    }

    public partial class OrderForm
    {
        private void saveButton_Click(object sender, EventArgs e)
        {
        }

        private void Refresh(int times)
        {
        }
    }

    interface IRepository
    {
        void Save(decimal value);
    }

    public class Repository : IRepository
    {
        void IRepository.Save(decimal value)
        {
        }
    }
}
