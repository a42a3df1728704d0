require "base64"
require "json"

class PayloadDecoder
  def initialize(raw)
    @raw = raw.to_s
  end

  def objects
    # expect: CWE-502
    Marshal.load(Base64.strict_decode64(@raw))
  end

  def data
    # ok: CWE-502
    JSON.parse(Base64.strict_decode64(@raw))
  end
end
