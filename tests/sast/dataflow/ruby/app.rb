require "sinatra"
require "sequel"
require "shellwords"
require "net/http"
require "json"
require_relative "app/services/report_service"

DB = Sequel.connect(ENV.fetch("DATABASE_URL", "sqlite://blog.db"))
ALLOWED_NEXT = %w[/ /posts /about].freeze
MIRROR_HOSTS = %w[cdn.example.com assets.example.com].freeze

enable :sessions

helpers do
  def fetch_remote(url)
    uri = URI(url)
    # expect: CWE-918
    Net::HTTP.get(uri)
  end

  def fetch_remote_checked(url)
    uri = URI(url)
    halt 403 unless MIRROR_HOSTS.include?(uri.host)
    # ok: CWE-918
    Net::HTTP.get(uri)
  end

  def page_title(text)
    "<title>#{text}</title>"
  end
end

get "/posts/:slug" do
  slug = params["slug"]
  # expect: CWE-89
  post = DB["SELECT * FROM posts WHERE slug = '#{slug}'"].first
  post.to_json
end

get "/posts/:slug/bound" do
  slug = params["slug"]
  # ok: CWE-89
  post = DB["SELECT * FROM posts WHERE slug = ?", slug].first
  post.to_json
end

get "/orders" do
  status = params["status"]
  # expect: CWE-89
  DB[:orders].where(Sequel.lit("status = '#{status}'")).all.to_json
end

get "/orders/bound" do
  status = params["status"]
  # ok: CWE-89
  DB[:orders].where(Sequel.lit("status = ?", status)).all.to_json
end

get "/reports/:region" do
  ReportService.new(params["region"]).totals.to_json
end

get "/reports/:region/bound" do
  ReportService.new(params["region"]).totals_bound.to_json
end

get "/banner" do
  text = params["text"]
  # expect: CWE-78
  out = `figlet #{text}`
  out
end

get "/banner/escaped" do
  text = params["text"]
  # ok: CWE-78
  out = `figlet #{Shellwords.escape(text)}`
  out
end

get "/hello" do
  # expect: CWE-79
  "<h1>Hello #{params['name']}</h1>"
end

get "/hello/escaped" do
  # ok: CWE-79
  "<h1>Hello #{Rack::Utils.escape_html(params['name'])}</h1>"
end

get "/page/:name" do
  # expect: CWE-79
  body page_title(params["name"])
end

get "/page/:name/escaped" do
  # ok: CWE-79
  body page_title(Rack::Utils.escape_html(params["name"]))
end

get "/static" do
  path = File.join(settings.public_folder, params["file"])
  # expect: CWE-22
  send_file path
end

get "/static/basename" do
  path = File.join(settings.public_folder, File.basename(params["file"]))
  # ok: CWE-22
  send_file path
end

get "/go" do
  target = params["next"] || "/"
  # expect: CWE-601
  redirect target
end

get "/go/allowed" do
  target = ALLOWED_NEXT.include?(params["next"]) ? params["next"] : "/"
  # ok: CWE-601
  redirect target
end

get "/mirror" do
  fetch_remote(params["url"])
end

get "/mirror/checked" do
  fetch_remote_checked(params["url"])
end

post "/state" do
  # expect: CWE-502
  state = Marshal.load(request.body.read)
  state.to_s
end

post "/state/json" do
  # ok: CWE-502
  state = JSON.parse(request.body.read)
  state.to_s
end

post "/login-as" do
  user = params["user"]
  # expect: CWE-501
  session[:user] = user
  redirect "/"
end

post "/login-as/guest" do
  user = params["user"]
  user = "guest"
  # ok: CWE-501
  session[:user] = user
  redirect "/"
end

get "/calc" do
  parts = [params["left"], "+", params["right"]]
  # expect: CWE-95
  eval(parts.join(" ")).to_s
end

get "/calc/numeric" do
  parts = [params["left"].to_i, "+", params["right"].to_i]
  # ok: CWE-95
  eval(parts.join(" ")).to_s
end
