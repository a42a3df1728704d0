class QueryBuilder
  def self.name_condition(name)
    "name = '#{name}'"
  end

  def self.quoted_name_condition(name)
    "name = #{ActiveRecord::Base.connection.quote(name)}"
  end

  def self.default_condition(_name)
    "deleted_at IS NULL"
  end
end
