using System.Collections.Generic;
using System.Linq;
using Dapper;
using Microsoft.Data.SqlClient;
using Microsoft.Extensions.Configuration;

namespace Rampart.Samples
{
    public class UserRepository
    {
        private readonly string _connectionString;

        public UserRepository(IConfiguration config)
        {
            _connectionString = config.GetConnectionString("Main");
        }

        public User FindByEmailRaw(string email)
        {
            using var conn = new SqlConnection(_connectionString);
            using var cmd = conn.CreateCommand();
            // expect: CWE-89
            cmd.CommandText = "SELECT Id, Name, Email FROM Users WHERE Email = '" + email + "'";
            conn.Open();
            return ReadSingle(cmd);
        }

        public User FindByEmail(string email)
        {
            using var conn = new SqlConnection(_connectionString);
            using var cmd = conn.CreateCommand();
            // ok: CWE-89
            cmd.CommandText = "SELECT Id, Name, Email FROM Users WHERE Email = @email";
            cmd.Parameters.AddWithValue("@email", email);
            conn.Open();
            return ReadSingle(cmd);
        }

        public List<User> SearchByPrefix(string prefix)
        {
            using var conn = new SqlConnection(_connectionString);
            var sql = "SELECT * FROM Users WHERE Name LIKE '" + prefix + "%'";
            // expect: CWE-89
            return conn.Query<User>(sql).ToList();
        }

        public List<User> SearchByPrefixBound(string prefix)
        {
            using var conn = new SqlConnection(_connectionString);
            var sql = "SELECT * FROM Users WHERE Name LIKE @prefix + '%'";
            // ok: CWE-89
            return conn.Query<User>(sql, new { prefix }).ToList();
        }

        private static User ReadSingle(SqlCommand cmd)
        {
            using var reader = cmd.ExecuteReader();
            if (!reader.Read())
            {
                return null;
            }
            return new User { Id = reader.GetInt32(0), Name = reader.GetString(1), Email = reader.GetString(2) };
        }
    }
}
