require "nokogiri"
require "libxml"
require_relative "lib/xml_importer"

class XmlController < ApplicationController
  SAMPLE_XML = "<order><id>1</id></order>".freeze
  TEMPLATE_XML = "<order><id>0</id></order>".freeze

  def import
    xml = request.body.read
    # expect: CWE-611
    doc = Nokogiri::XML(xml) { |config| config.noent }
    render json: { orders: doc.xpath("//order").size }
  end

  def import_nonet
    xml = request.body.read
    # ok: CWE-611
    doc = Nokogiri::XML(xml) { |config| config.strict.nonet }
    render json: { orders: doc.xpath("//order").size }
  end

  def import_options
    payload = params[:payload]
    # expect: CWE-611
    doc = Nokogiri::XML(payload, nil, "UTF-8", Nokogiri::XML::ParseOptions::NOENT)
    render plain: doc.root&.name
  end

  def import_options_default
    payload = params[:payload]
    # ok: CWE-611
    doc = Nokogiri::XML(payload, nil, "UTF-8", Nokogiri::XML::ParseOptions::DEFAULT_XML)
    render plain: doc.root&.name
  end

  def import_format
    xml = params[:format] == "xml" ? params[:payload] : SAMPLE_XML
    # expect: CWE-611
    doc = Nokogiri::XML(xml) { |config| config.noent.dtdload }
    render plain: doc.root&.name
  end

  def import_format_template
    xml = params[:format] == "xml" ? TEMPLATE_XML : SAMPLE_XML
    # ok: CWE-611
    doc = Nokogiri::XML(xml) { |config| config.noent.dtdload }
    render plain: doc.root&.name
  end

  def legacy
    doc = parse_legacy(params[:xml])
    render plain: doc.root&.name
  end

  def legacy_strict
    doc = parse_strict(params[:xml])
    render plain: doc.root&.name
  end

  def bulk
    importer = XmlImporter.new(params.require(:import)[:document])
    render json: { count: importer.document.xpath("//item").size }
  end

  def bulk_default
    importer = XmlImporter.new(params.require(:import)[:document])
    render json: { count: importer.safe_document.xpath("//item").size }
  end

  def libxml_import
    xml = request.raw_post
    # expect: CWE-611
    doc = LibXML::XML::Document.string(xml, options: LibXML::XML::Parser::Options::NOENT)
    render plain: doc.root.name
  end

  def libxml_import_nonet
    xml = request.raw_post
    # ok: CWE-611
    doc = LibXML::XML::Document.string(xml, options: LibXML::XML::Parser::Options::NONET)
    render plain: doc.root.name
  end

  def upload
    docs = { upload: params[:file].read, sample: SAMPLE_XML }
    # expect: CWE-611
    doc = Nokogiri::XML(docs[:upload]) { |config| config.noent }
    render plain: doc.root&.name
  end

  def upload_sample
    docs = { upload: params[:file].read, sample: SAMPLE_XML }
    # ok: CWE-611
    doc = Nokogiri::XML(docs[:sample]) { |config| config.noent }
    render plain: doc.root&.name
  end

  private

  def parse_legacy(xml)
    opts = Nokogiri::XML::ParseOptions::DTDLOAD | Nokogiri::XML::ParseOptions::NOENT
    # expect: CWE-611
    Nokogiri::XML::Document.parse(xml, nil, nil, opts)
  end

  def parse_strict(xml)
    opts = Nokogiri::XML::ParseOptions::STRICT | Nokogiri::XML::ParseOptions::NONET
    # ok: CWE-611
    Nokogiri::XML::Document.parse(xml, nil, nil, opts)
  end
end
