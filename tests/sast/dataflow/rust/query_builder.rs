//! A small SELECT builder: conditions are pasted into the statement text as given.

pub struct SelectBuilder {
    table: String,
    conditions: Vec<String>,
}

impl SelectBuilder {
    pub fn new(table: &str) -> Self {
        SelectBuilder {
            table: table.to_string(),
            conditions: Vec::new(),
        }
    }

    pub fn where_raw(mut self, condition: &str) -> Self {
        self.conditions.push(condition.to_string());
        self
    }

    pub fn build(&self) -> String {
        let mut sql = format!("SELECT * FROM {}", self.table);
        if !self.conditions.is_empty() {
            sql.push_str(" WHERE ");
            sql.push_str(&self.conditions.join(" AND "));
        }
        sql
    }
}
