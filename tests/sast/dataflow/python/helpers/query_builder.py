"""Small SQL string builder used by the account views."""


class QueryBuilder:
    def __init__(self, table):
        self.table = table
        self.columns = "id, name, email"

    def select_by_name(self, name):
        return "SELECT " + self.columns + " FROM " + self.table + " WHERE name = '" + name + "'"

    def select_by_id(self, user_id):
        return "SELECT %s FROM %s WHERE id = %d" % (self.columns, self.table, int(user_id))

    def select_recent(self, name):
        return "SELECT " + self.columns + " FROM " + self.table + " ORDER BY created DESC LIMIT 20"

    def order_by(self, column):
        return "SELECT " + self.columns + " FROM " + self.table + " ORDER BY " + column

    def order_by_known(self, column):
        if column not in ("name", "email", "created"):
            column = "id"
        return "SELECT " + self.columns + " FROM " + self.table + " ORDER BY " + column
