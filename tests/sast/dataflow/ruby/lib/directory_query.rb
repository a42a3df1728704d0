require "net/ldap"

class DirectoryQuery
  attr_reader :term

  def initialize(term)
    @term = term.to_s
  end

  def filter_string
    "(|(cn=*#{@term}*)(mail=*#{@term}*))"
  end

  def escaped_filter_string
    safe = Net::LDAP::Filter.escape(@term)
    "(|(cn=*#{safe}*)(mail=*#{safe}*))"
  end
end
