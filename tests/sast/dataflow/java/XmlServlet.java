package com.acme.shop;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.util.stream.Collectors;
import javax.servlet.ServletException;
import javax.servlet.annotation.MultipartConfig;
import javax.servlet.annotation.WebServlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.SAXParserFactory;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamReader;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;
import org.xml.sax.helpers.DefaultHandler;

@WebServlet("/orders/import")
public class XmlServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        try {
            DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
            DocumentBuilder db = dbf.newDocumentBuilder();
            // expect: CWE-611
            Document doc = db.parse(request.getInputStream());
            response.setIntHeader("X-Orders", doc.getElementsByTagName("order").getLength());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/orders/upload-xml")
class OrderXmlUploadServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        try {
            DocumentBuilderFactory dbf = DocumentBuilderFactory.newInstance();
            dbf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            DocumentBuilder db = dbf.newDocumentBuilder();
            // ok: CWE-611
            Document doc = db.parse(request.getInputStream());
            response.setIntHeader("X-Orders", doc.getElementsByTagName("order").getLength());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/feeds/validate")
class FeedValidateServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String body = readBody(request);
        try {
            SAXParserFactory spf = SAXParserFactory.newInstance();
            // expect: CWE-611
            spf.newSAXParser().parse(new InputSource(new StringReader(body)), new DefaultHandler());
            response.setStatus(HttpServletResponse.SC_NO_CONTENT);
        } catch (Exception e) {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST);
        }
    }

    private String readBody(HttpServletRequest request) throws IOException {
        BufferedReader reader = request.getReader();
        return reader.lines().collect(Collectors.joining("\n"));
    }
}

@WebServlet("/feeds/check")
class FeedCheckServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String body = readBody(request);
        try {
            SAXParserFactory spf = SAXParserFactory.newInstance();
            spf.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            // ok: CWE-611
            spf.newSAXParser().parse(new InputSource(new StringReader(body)), new DefaultHandler());
            response.setStatus(HttpServletResponse.SC_NO_CONTENT);
        } catch (Exception e) {
            response.sendError(HttpServletResponse.SC_BAD_REQUEST);
        }
    }

    private String readBody(HttpServletRequest request) throws IOException {
        BufferedReader reader = request.getReader();
        return reader.lines().collect(Collectors.joining("\n"));
    }
}

@WebServlet("/inventory/stream")
@MultipartConfig
class InventoryStreamServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        try {
            XMLInputFactory xif = XMLInputFactory.newInstance();
            // expect: CWE-611
            XMLStreamReader reader = xif.createXMLStreamReader(request.getPart("inventory").getInputStream());
            int elements = 0;
            while (reader.hasNext()) {
                if (reader.next() == XMLStreamReader.START_ELEMENT) {
                    elements++;
                }
            }
            response.setIntHeader("X-Elements", elements);
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/inventory/scan")
@MultipartConfig
class InventoryScanServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        try {
            XMLInputFactory xif = XMLInputFactory.newInstance();
            xif.setProperty(XMLInputFactory.SUPPORT_DTD, false);
            // ok: CWE-611
            XMLStreamReader reader = xif.createXMLStreamReader(request.getPart("inventory").getInputStream());
            int elements = 0;
            while (reader.hasNext()) {
                if (reader.next() == XMLStreamReader.START_ELEMENT) {
                    elements++;
                }
            }
            response.setIntHeader("X-Elements", elements);
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/invoices/import")
class InvoiceImportServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        byte[] body = request.getInputStream().readAllBytes();
        try {
            DocumentBuilderFactory factory = XmlParsers.newFactory();
            // expect: CWE-611
            Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(body));
            response.setIntHeader("X-Invoices", doc.getElementsByTagName("invoice").getLength());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/invoices/validate")
class InvoiceValidateServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        byte[] body = request.getInputStream().readAllBytes();
        try {
            DocumentBuilderFactory factory = XmlParsers.newHardenedFactory();
            // ok: CWE-611
            Document doc = factory.newDocumentBuilder().parse(new ByteArrayInputStream(body));
            response.setIntHeader("X-Invoices", doc.getElementsByTagName("invoice").getLength());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/catalog/import")
class CatalogImportServlet extends HttpServlet {

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String xml = request.getParameter("catalog");
        try {
            DocumentBuilder db = DocumentBuilderFactory.newInstance().newDocumentBuilder();
            // expect: CWE-611
            Document doc = db.parse(new InputSource(new StringReader(xml)));
            response.setIntHeader("X-Products", doc.getElementsByTagName("product").getLength());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}

@WebServlet("/catalog/defaults")
class CatalogDefaultsServlet extends HttpServlet {

    private static final String DEFAULT_CATALOG = "<catalog><product sku=\"A-100\"/><product sku=\"B-200\"/></catalog>";

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws ServletException, IOException {
        String xml = DEFAULT_CATALOG;
        try {
            DocumentBuilder db = DocumentBuilderFactory.newInstance().newDocumentBuilder();
            // ok: CWE-611
            Document doc = db.parse(new InputSource(new StringReader(xml)));
            response.setIntHeader("X-Products", doc.getElementsByTagName("product").getLength());
        } catch (Exception e) {
            throw new ServletException(e);
        }
    }
}
