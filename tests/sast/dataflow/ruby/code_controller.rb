require_relative "lib/type_resolver"

class CodeController < ApplicationController
  FORMAT_STYLES = %w[plain markdown textile].freeze

  def calculate
    formula = params[:formula]
    # expect: CWE-95
    result = eval(formula)
    render json: { result: result }
  end

  def calculate_fixed
    formula = params[:formula]
    formula = "1 + 1"
    # ok: CWE-95
    result = eval(formula)
    render json: { result: result }
  end

  def configure_report
    report = Report.find(params[:id])
    # expect: CWE-95
    report.instance_eval(dsl_source(params[:dsl]))
    render json: report
  end

  def configure_report_default
    report = Report.find(params[:id])
    # ok: CWE-95
    report.instance_eval(default_dsl_source(params[:dsl]))
    render json: report
  end

  def format_text
    formatter = TextFormatter.new
    style = params[:custom] ? params[:style] : "plain"
    # expect: CWE-95
    value = formatter.send(style, params[:text])
    render plain: value
  end

  def format_text_allowed
    formatter = TextFormatter.new
    style = FORMAT_STYLES.include?(params[:style]) ? params[:style] : "plain"
    # ok: CWE-95
    value = formatter.send(style, params[:text])
    render plain: value
  end

  def transform
    ops = ["delete", params[:op]]
    # expect: CWE-95
    value = params[:text].to_s.public_send(ops[1], params[:arg].to_s)
    render plain: value
  end

  def transform_strip
    ops = ["delete", params[:op]]
    # ok: CWE-95
    value = params[:text].to_s.public_send(ops[0], params[:arg].to_s)
    render plain: value
  end

  def build_item
    klass_name = TypeResolver.resolve(params.require(:item)[:type])
    # expect: CWE-95
    item = klass_name.constantize.new
    render json: item
  end

  def build_item_allowed
    klass_name = TypeResolver.allowed(params.require(:item)[:type])
    # ok: CWE-95
    item = klass_name.constantize.new
    render json: item
  end

  def handler
    name = "DefaultHandler"
    name = params[:handler] if params[:handler]
    # expect: CWE-95
    handler = Object.const_get(name).new(params)
    render json: handler.call
  end

  def handler_disabled
    name = "DefaultHandler"
    name = params[:handler] if false
    # ok: CWE-95
    handler = Object.const_get(name).new(params)
    render json: handler.call
  end

  def greeting
    code = +"def self.greeting; "
    code << "'#{params[:greeting]}'"
    code << "; end"
    # expect: CWE-95
    Greeter.class_eval(code)
    render plain: Greeter.greeting
  end

  def greeting_numeric
    code = +"def self.greeting; "
    code << "'#{params[:greeting].to_i}'"
    code << "; end"
    # ok: CWE-95
    Greeter.class_eval(code)
    render plain: Greeter.greeting
  end

  def double
    expression = format("%s * 2", params[:n])
    # expect: CWE-95
    render plain: eval(expression).to_s
  end

  def double_numeric
    expression = format("%s * 2", params[:n].to_i)
    # ok: CWE-95
    render plain: eval(expression).to_s
  end

  private

  def dsl_source(dsl)
    "title #{dsl}"
  end

  def default_dsl_source(_dsl)
    "title 'Monthly report'"
  end
end
