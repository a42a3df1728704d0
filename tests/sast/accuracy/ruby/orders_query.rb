# Query object used by the admin orders screen.
class OrdersQuery
  SORTABLE = %w[created_at total status].freeze
  STATUS_OPEN = "open".freeze

  def initialize(relation = Order.all, params = {})
    @relation = relation
    @params = params
  end

  def call
    scope = @relation
    # ok: ruby.rails-sqli-string-interpolation
    scope = scope.where("orders.status = '#{STATUS_OPEN}'") if @params[:open_only]
    # ok: ruby.rails-sqli-string-interpolation
    scope = scope.where("orders.total >= ?", @params[:min_total]) if @params[:min_total]
    # ok: ruby.rails-sqli-string-interpolation
    scope = scope.where("orders.created_at > #{@params[:days].to_i}") if @params[:days]
    # expect: ruby.rails-sqli-string-interpolation
    scope = scope.where("orders.coupon = '#{@params[:coupon]}'") if @params[:coupon]
    # ok: ruby.rails-sqli-string-interpolation
    scope = scope.order(sort_column => sort_direction)
    # expect: ruby.rails-sqli-string-interpolation
    scope = scope.group("customer_id").having("SUM(total) > " + @params[:min_sum]) if @params[:min_sum]
    scope
  end

  def totals
    # ok: ruby.sqli-connection-execute
    Order.connection.select_all("SELECT status, SUM(total) FROM orders GROUP BY status").to_a
  end

  def totals_for(region)
    # expect: ruby.sqli-connection-execute
    Order.connection.select_all("SELECT status, SUM(total) FROM orders WHERE region = '#{region}' GROUP BY status").to_a
  end

  def export(path)
    # ok: ruby.shell-command-interpolation
    system("gzip", "-9", path)
    # ok: ruby.backtick-interpolation
    `sync`
  end

  def load_fixture
    # ok: ruby.yaml-load
    YAML.load(File.read(Rails.root.join("config", "order_fixtures.yml")))
  end

  def decode(json)
    # ok: ruby.json-load-untrusted
    JSON.parse(json, symbolize_names: true)
  end

  def summary_html(order)
    # ok: ruby.html-safe-dynamic
    "<span class='badge'>#{order.items.count}</span>".html_safe
  end

  def notes_html(order)
    # expect: ruby.raw-dynamic
    ApplicationController.helpers.raw(order.notes)
  end

  def digest(order)
    # ok: ruby.weak-password-hash
    Digest::SHA256.hexdigest(order.to_json)
  end

  private

  def sort_column
    SORTABLE.include?(@params[:sort]) ? @params[:sort] : "created_at"
  end

  def sort_direction
    @params[:direction] == "asc" ? :asc : :desc
  end
end
