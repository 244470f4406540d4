package dev.agenteval.report.internal;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;

/** Parses XML with the JDK's standard parser. */
public final class XmlTestSupport {

    static {
        // The main code writes XML by hand and its module does not require java.xml; tests run
        // inside that module, so they add the read edge themselves.
        ModuleLayer.boot().findModule("java.xml").ifPresent(XmlTestSupport.class.getModule()::addReads);
    }

    private XmlTestSupport() {
    }

    /** Parses {@code xml}, failing on anything that is not well-formed. */
    public static Document parse(String xml) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
    }
}
