require "open3"
require "shellwords"
require "net/http"
require "yaml"
require "json"

class ReportService
  REPORT_DIR = "/srv/reports".freeze

  def initialize(params, user)
    @params = params
    @user = user
  end

  def render_pdf(name)
    # expect: ruby.shell-command-interpolation
    system("wkhtmltopdf /tmp/#{name}.html /tmp/#{name}.pdf")
    # ok: ruby.shell-command-interpolation
    system("wkhtmltopdf", "/tmp/#{name}.html", "/tmp/#{name}.pdf")
    # ok: ruby.shell-command-interpolation
    out, status = Open3.capture2("pdfinfo", "/tmp/#{name}.pdf")
    status.success? ? out : nil
  end

  def archive(dir)
    # expect: ruby.backtick-interpolation
    `tar czf /tmp/archive.tgz #{dir}`
    # ok: ruby.backtick-interpolation
    `tar czf /tmp/archive.tgz #{Shellwords.escape(dir)}`
  end

  def git_summary(ref)
    # expect: ruby.shell-command-interpolation
    out, _err, _status = Open3.capture3("git log --oneline #{ref}")
    out.lines.first(10)
  end

  def load_template(path)
    # expect: ruby.kernel-open-non-constant
    open(path).read
  end

  def load_default_template
    # ok: ruby.kernel-open-non-constant
    File.open(File.join(REPORT_DIR, "default.erb")).read
  end

  def load_settings(raw)
    # expect: ruby.yaml-load
    YAML.load(raw)
  end

  def load_settings_safely(raw)
    # ok: ruby.yaml-load
    YAML.safe_load(raw, permitted_classes: [Date, Symbol])
  end

  def restore_state(blob)
    # expect: ruby.marshal-load
    Marshal.load(Base64.decode64(blob))
  end

  def snapshot(state)
    # ok: ruby.marshal-load
    Base64.strict_encode64(Marshal.dump(state))
  end

  def fetch_remote(uri)
    http = Net::HTTP.new(uri.host, uri.port)
    http.use_ssl = true
    # expect: ruby.ssl-verify-none
    http.verify_mode = OpenSSL::SSL::VERIFY_NONE
    http.get(uri.request_uri).body
  end

  def fetch_remote_verified(uri)
    http = Net::HTTP.new(uri.host, uri.port)
    http.use_ssl = true
    # ok: ruby.ssl-verify-none
    http.verify_mode = OpenSSL::SSL::VERIFY_PEER
    # ok: ruby.json-load-untrusted
    JSON.parse(http.get(uri.request_uri).body)
  end

  def encrypt(data, key)
    # expect: ruby.weak-cipher
    cipher = OpenSSL::Cipher.new("des-ede3-cbc")
    cipher.encrypt
    cipher.key = key
    cipher.update(data) + cipher.final
  end

  def encrypt_gcm(data, key)
    # ok: ruby.weak-cipher
    cipher = OpenSSL::Cipher.new("aes-256-gcm")
    cipher.encrypt
    cipher.key = key
    iv = cipher.random_iv
    [iv, cipher.update(data) + cipher.final, cipher.auth_tag]
  end
end
