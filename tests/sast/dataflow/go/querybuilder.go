package app

import (
	"database/sql"
	"strings"
)

type QueryBuilder struct {
	table string
	conds []string
	args  []interface{}
}

func NewQueryBuilder(table string) *QueryBuilder {
	return &QueryBuilder{table: table}
}

func (q *QueryBuilder) WhereRaw(cond string) *QueryBuilder {
	q.conds = append(q.conds, cond)
	return q
}

func (q *QueryBuilder) Where(cond string, args ...interface{}) *QueryBuilder {
	q.conds = append(q.conds, cond)
	q.args = append(q.args, args...)
	return q
}

func (q *QueryBuilder) Build() string {
	var sb strings.Builder
	sb.WriteString("SELECT * FROM ")
	sb.WriteString(q.table)
	if len(q.conds) > 0 {
		sb.WriteString(" WHERE ")
		sb.WriteString(strings.Join(q.conds, " AND "))
	}
	return sb.String()
}

func (q *QueryBuilder) Args() []interface{} {
	return q.args
}

type UserRepo struct {
	db *sql.DB
}

func NewUserRepo(conn *sql.DB) *UserRepo {
	return &UserRepo{db: conn}
}

func (u *UserRepo) SearchRaw(filter string) (*sql.Rows, error) {
	// expect: CWE-89
	return u.db.Query("SELECT id, name, email FROM users WHERE " + filter)
}

func (u *UserRepo) SearchByEmail(email string) (*sql.Rows, error) {
	// ok: CWE-89
	return u.db.Query("SELECT id, name, email FROM users WHERE email = ?", email)
}
