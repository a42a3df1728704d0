require "base64"
require "json"
require "yaml"
require "oj"
require_relative "lib/payload_decoder"

class SerializationController < ApplicationController
  DEFAULT_STATE = Base64.strict_encode64(Marshal.dump({ step: 1 })).freeze
  DEFAULT_YAML = "columns: [name, email]\n".freeze
  IMPORT_TEMPLATE = "columns: [id]\n".freeze

  def restore_cart
    raw = Base64.decode64(cookies[:cart].to_s)
    # expect: CWE-502
    cart = Marshal.load(raw)
    render json: cart
  end

  def restore_cart_json
    raw = Base64.decode64(cookies[:cart].to_s)
    # ok: CWE-502
    cart = JSON.parse(raw)
    render json: cart
  end

  def import_config
    text = params[:config]
    # expect: CWE-502
    config = YAML.unsafe_load(text)
    render json: config
  end

  def import_config_safe
    text = params[:config]
    # ok: CWE-502
    config = YAML.safe_load(text)
    render json: config
  end

  def import_body
    render json: load_document(request.body.read)
  end

  def import_body_safe
    render json: load_document_safe(request.body.read)
  end

  def resume_wizard
    blobs = { state: params[:state], defaults: DEFAULT_STATE }
    # expect: CWE-502
    state = Marshal.load(Base64.strict_decode64(blobs[:state]))
    render json: state
  end

  def resume_wizard_defaults
    blobs = { state: params[:state], defaults: DEFAULT_STATE }
    # ok: CWE-502
    state = Marshal.load(Base64.strict_decode64(blobs[:defaults]))
    render json: state
  end

  def sync
    body = request.raw_post
    # expect: CWE-502
    objects = Oj.load(body, mode: :object)
    render json: { count: Array(objects).size }
  end

  def sync_strict
    body = request.raw_post
    # ok: CWE-502
    objects = Oj.load(body, mode: :strict)
    render json: { count: Array(objects).size }
  end

  def decode_token
    decoder = PayloadDecoder.new(params.require(:token)[:value])
    render json: decoder.objects
  end

  def decode_token_json
    decoder = PayloadDecoder.new(params.require(:token)[:value])
    render json: decoder.data
  end

  def import_columns
    yaml = params[:import] ? params[:yaml] : DEFAULT_YAML
    # expect: CWE-502
    columns = YAML.unsafe_load(yaml)
    render json: columns
  end

  def import_columns_template
    yaml = params[:import] ? IMPORT_TEMPLATE : DEFAULT_YAML
    # ok: CWE-502
    columns = YAML.unsafe_load(yaml)
    render json: columns
  end

  private

  def load_document(text)
    # expect: CWE-502
    Psych.unsafe_load(text)
  end

  def load_document_safe(text)
    # ok: CWE-502
    Psych.safe_load(text)
  end
end
