require "net/ldap"
require "nokogiri"
require "rexml/document"
require_relative "lib/directory_query"
require_relative "lib/xpath_builder"

class LdapXpathController < ApplicationController
  BASE_DN = "ou=people,dc=example,dc=com".freeze
  DEPARTMENTS = %w[sales engineering support].freeze

  def find_user
    uid = params[:uid]
    # expect: CWE-90
    filter = Net::LDAP::Filter.construct("(uid=#{uid})")
    render json: ldap.search(base: BASE_DN, filter: filter).map(&:dn)
  end

  def find_user_eq
    uid = params[:uid]
    # ok: CWE-90
    filter = Net::LDAP::Filter.eq("uid", uid)
    render json: ldap.search(base: BASE_DN, filter: filter).map(&:dn)
  end

  def find_by_mail
    mail = params[:mail].to_s
    # expect: CWE-90
    entries = ldap.search(base: BASE_DN, filter: "(&(objectClass=person)(mail=#{mail}))")
    render json: entries.map(&:dn)
  end

  def find_by_mail_escaped
    mail = Net::LDAP::Filter.escape(params[:mail].to_s)
    # ok: CWE-90
    entries = ldap.search(base: BASE_DN, filter: "(&(objectClass=person)(mail=#{mail}))")
    render json: entries.map(&:dn)
  end

  def group_members
    # expect: CWE-90
    filter = Net::LDAP::Filter.construct(group_filter(params[:group].to_s))
    render json: ldap.search(base: BASE_DN, filter: filter).map(&:dn)
  end

  def group_members_escaped
    # ok: CWE-90
    filter = Net::LDAP::Filter.construct(group_filter(Net::LDAP::Filter.escape(params[:group].to_s)))
    render json: ldap.search(base: BASE_DN, filter: filter).map(&:dn)
  end

  def by_common_name
    text = +"(&(objectClass=user)"
    text << "(cn=#{params[:cn]})"
    text << ")"
    # expect: CWE-90
    filter = Net::LDAP::Filter.construct(text)
    render json: ldap.search(base: BASE_DN, filter: filter).map(&:dn)
  end

  def by_common_name_escaped
    text = +"(&(objectClass=user)"
    text << "(cn=#{Net::LDAP::Filter.escape(params[:cn].to_s)})"
    text << ")"
    # ok: CWE-90
    filter = Net::LDAP::Filter.construct(text)
    render json: ldap.search(base: BASE_DN, filter: filter).map(&:dn)
  end

  def directory_search
    query = DirectoryQuery.new(params[:term])
    # expect: CWE-90
    entries = ldap.search(base: BASE_DN, filter: Net::LDAP::Filter.construct(query.filter_string))
    render json: entries.map(&:dn)
  end

  def directory_search_escaped
    query = DirectoryQuery.new(params[:term])
    # ok: CWE-90
    entries = ldap.search(base: BASE_DN, filter: Net::LDAP::Filter.construct(query.escaped_filter_string))
    render json: entries.map(&:dn)
  end

  def by_department
    dept = params[:scope] == "dept" ? params[:department] : "sales"
    # expect: CWE-90
    filter = Net::LDAP::Filter.construct("(department=#{dept})")
    render json: ldap.search(base: BASE_DN, filter: filter).map(&:dn)
  end

  def by_department_allowed
    dept = DEPARTMENTS.include?(params[:department]) ? params[:department] : "sales"
    # ok: CWE-90
    filter = Net::LDAP::Filter.construct("(department=#{dept})")
    render json: ldap.search(base: BASE_DN, filter: filter).map(&:dn)
  end

  def user_node
    name = params[:name]
    # expect: CWE-643
    nodes = users_doc.xpath("//user[@name='#{name}']")
    render plain: nodes.map(&:to_s).join
  end

  def user_node_bound
    name = params[:name]
    # ok: CWE-643
    nodes = users_doc.xpath("//user[@name=$name]", nil, { "name" => name })
    render plain: nodes.map(&:to_s).join
  end

  def book
    expr = "//book"
    expr += "[@id=#{params[:id]}]"
    # expect: CWE-643
    node = catalog_doc.at_xpath(expr)
    render plain: node.to_s
  end

  def book_numeric
    expr = "//book"
    expr += "[@id=#{params[:id].to_i}]"
    # ok: CWE-643
    node = catalog_doc.at_xpath(expr)
    render plain: node.to_s
  end

  def role_of
    user = "guest"
    user = params[:user] if params[:user]
    # expect: CWE-643
    el = REXML::XPath.first(roles_doc, "//role[@user='#{user}']")
    render plain: el.to_s
  end

  def role_of_disabled
    user = "guest"
    user = params[:user] if false
    # ok: CWE-643
    el = REXML::XPath.first(roles_doc, "//role[@user='#{user}']")
    render plain: el.to_s
  end

  def price_of
    # expect: CWE-643
    node = catalog_doc.at_xpath(price_expr(params[:sku]))
    render plain: node&.text
  end

  def price_of_default
    # ok: CWE-643
    node = catalog_doc.at_xpath(default_price_expr(params[:sku]))
    render plain: node&.text
  end

  def author_books
    exprs = ["//book[@featured='true']"]
    exprs << "//book[author='#{params[:author]}']"
    # expect: CWE-643
    nodes = catalog_doc.xpath(exprs[1])
    render plain: nodes.size.to_s
  end

  def author_books_featured
    exprs = ["//book[@featured='true']"]
    exprs << "//book[author='#{params[:author]}']"
    # ok: CWE-643
    nodes = catalog_doc.xpath(exprs[0])
    render plain: nodes.size.to_s
  end

  def category
    builder = XpathBuilder.new(params.require(:filter)[:category])
    # expect: CWE-643
    nodes = catalog_doc.xpath(builder.expression)
    render plain: nodes.size.to_s
  end

  def category_allowed
    builder = XpathBuilder.new(params.require(:filter)[:category])
    # ok: CWE-643
    nodes = catalog_doc.xpath(builder.allowed_expression)
    render plain: nodes.size.to_s
  end

  private

  def ldap
    @ldap ||= Net::LDAP.new(host: "ldap.example.com", port: 389)
  end

  def group_filter(group)
    "(memberOf=cn=#{group},ou=groups,dc=example,dc=com)"
  end

  def users_doc
    Nokogiri::XML(File.read(Rails.root.join("config", "users.xml")))
  end

  def catalog_doc
    Nokogiri::XML(File.read(Rails.root.join("config", "catalog.xml")))
  end

  def roles_doc
    REXML::Document.new(File.read(Rails.root.join("config", "roles.xml")))
  end

  def price_expr(sku)
    "//product[@sku='#{sku}']/price"
  end

  def default_price_expr(_sku)
    "//product[@default='true']/price"
  end
end
