package com.example.catalog.imports;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.jsontype.BasicPolymorphicTypeValidator;
import com.thoughtworks.xstream.XStream;
import java.io.InputStream;
import java.io.ObjectInputStream;
import javax.servlet.http.HttpServletRequest;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamReader;
import org.w3c.dom.Document;
import org.xml.sax.helpers.DefaultHandler;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;

public class ImportService {

    private final XStream xstream = new XStream();

    public Document parseCatalog(InputStream in) throws Exception {
        // ok: java.xxe-documentbuilderfactory
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        dbf.setXIncludeAware(false);
        DocumentBuilder builder = dbf.newDocumentBuilder();
        return builder.parse(in);
    }

    public Document parseSupplierFeed(InputStream in) throws Exception {
        // expect: java.xxe-documentbuilderfactory
        DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
        dbf.setNamespaceAware(true);
        return dbf.newDocumentBuilder().parse(in);
    }

    public void streamPrices(InputStream in, DefaultHandler handler) throws Exception {
        // expect: java.xxe-saxparserfactory
        SAXParserFactory spf = SAXParserFactory.newInstance();
        spf.newSAXParser().parse(in, handler);
    }

    public XMLStreamReader openStax(InputStream in) throws Exception {
        // ok: java.xxe-xmlinputfactory
        XMLInputFactory xif = XMLInputFactory.newFactory();
        xif.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        xif.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
        return xif.createXMLStreamReader(in);
    }

    public Object importLegacy(HttpServletRequest request) throws Exception {
        // expect: java.objectinputstream-untrusted
        try (ObjectInputStream ois = new ObjectInputStream(request.getInputStream())) {
            return ois.readObject();
        }
    }

    public Object importFiltered(HttpServletRequest request) throws Exception {
        // ok: java.objectinputstream-untrusted
        ObjectInputStream ois = new ObjectInputStream(request.getInputStream());
        ois.setObjectInputFilter(java.io.ObjectInputFilter.Config.createFilter("com.example.catalog.*;!*"));
        return ois.readObject();
    }

    public Product fromXml(String xml) {
        // expect: java.xstream-unrestricted
        return (Product) xstream.fromXML(xml);
    }

    public Object fromYaml(String body) {
        Yaml yaml = new Yaml();
        // expect: java.snakeyaml-unsafe-load
        return yaml.load(body);
    }

    public Object fromYamlSafely(String body) {
        Yaml yaml = new Yaml(new SafeConstructor(new LoaderOptions()));
        // ok: java.snakeyaml-unsafe-load
        return yaml.load(body);
    }

    public ObjectMapper legacyMapper() {
        ObjectMapper mapper = new ObjectMapper();
        // expect: java.jackson-default-typing
        mapper.enableDefaultTyping();
        return mapper;
    }

    public ObjectMapper mapper() {
        BasicPolymorphicTypeValidator ptv = BasicPolymorphicTypeValidator.builder()
                .allowIfSubType("com.example.catalog.model.")
                .build();
        // ok: java.jackson-default-typing
        return JsonMapper.builder().activateDefaultTyping(ptv, ObjectMapper.DefaultTyping.NON_FINAL).build();
    }
}
