require "nokogiri"

class XmlImporter
  attr_reader :xml

  def initialize(xml)
    @xml = xml
  end

  def document
    # expect: CWE-611
    Nokogiri::XML(@xml) { |config| config.recover.noent }
  end

  def safe_document
    # ok: CWE-611
    Nokogiri::XML(@xml) { |config| config.recover.nonet }
  end
end
