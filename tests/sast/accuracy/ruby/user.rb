require "digest"

class User < ApplicationRecord
  has_many :orders

  # ok: ruby.rails-sqli-string-interpolation
  scope :active_since, ->(time) { where("#{table_name}.last_seen_at >= ?", time) }
  # expect: ruby.rails-sqli-string-interpolation
  scope :named, ->(name) { where("name = '" + name + "'") }

  before_create :generate_tokens

  def self.authenticate(email, password)
    user = find_by(email: email.to_s.downcase)
    # expect: ruby.weak-password-hash
    return user if user && user.password_digest == Digest::MD5.hexdigest(password)
    nil
  end

  def avatar_cache_key
    # ok: ruby.weak-password-hash
    Digest::MD5.hexdigest("#{id}-#{avatar_updated_at.to_i}")
  end

  def generate_tokens
    # expect: ruby.weak-random-token
    self.reset_token = rand(36**12).to_s(36)
    # ok: ruby.weak-random-token
    self.api_token = SecureRandom.hex(32)
  end

  def jitter
    # ok: ruby.weak-random-token
    sleep_seconds = rand(1..5)
    sleep_seconds
  end

  def self.purge_sessions(user_id)
    # expect: ruby.sqli-connection-execute
    connection.execute("DELETE FROM sessions WHERE user_id = '#{user_id}'")
  end

  def self.purge_sessions_safe(user_id)
    # ok: ruby.sqli-connection-execute
    connection.execute(sanitize_sql_array(["DELETE FROM sessions WHERE user_id = ?", user_id]))
  end

  def bio_html
    # ok: ruby.raw-dynamic
    ApplicationController.helpers.raw(ApplicationController.helpers.sanitize(bio, tags: %w[b i a p]))
  end
end
