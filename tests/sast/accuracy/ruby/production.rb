require "active_support/core_ext/integer/time"

Rails.application.configure do
  config.cache_classes = true
  config.eager_load = true
  config.consider_all_requests_local = false
  config.force_ssl = true

  # expect: ruby.hardcoded-secret-key-base
  config.secret_key_base = "9f3b1c7e5d2a8f6b4c0e1d3a5b7c9e2f4a6b8d0c1e3f5a7b9d2c4e6f8a0b1c3d"

  # ok: ruby.cookie-flags-disabled
  config.session_store :cookie_store, key: "_shop_session", secure: true, httponly: true

  config.log_level = :info
  config.log_tags = [:request_id]
  config.action_mailer.perform_caching = false
  config.i18n.fallbacks = true
  config.active_support.report_deprecations = false
  config.active_record.dump_schema_after_migration = false
end

Rails.application.configure do
  # ok: ruby.hardcoded-secret-key-base
  config.secret_key_base = ENV.fetch("SECRET_KEY_BASE")
end

class ApiController < ActionController::Base
  # expect: ruby.csrf-null-session
  protect_from_forgery with: :null_session
end

class WebController < ActionController::Base
  # ok: ruby.csrf-null-session
  protect_from_forgery with: :exception
end

module PartnerClient
  def self.connection
    # expect: ruby.http-client-verify-disabled
    Faraday.new(url: ENV.fetch("PARTNER_URL"), ssl: { verify: false })
  end

  def self.secure_connection
    # ok: ruby.http-client-verify-disabled
    Faraday.new(url: ENV.fetch("PARTNER_URL"), ssl: { verify: true, ca_file: "/etc/ssl/partner-ca.pem" })
  end
end
