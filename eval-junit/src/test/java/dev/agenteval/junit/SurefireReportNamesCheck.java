package dev.agenteval.junit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * What Surefire itself wrote for {@link SurefireNamesEvals} (the pom's {@code surefire-names}
 * execution, run just before this one): test names are the case ids, {@code suite › case} inside a
 * suite's container, never the factory's legacy name ({@code hello()[1]}). Not a {@code *Test}: only
 * the {@code surefire-names-check} execution runs it.
 */
class SurefireReportNamesCheck {

    @Test
    void surefire_names_each_test_by_its_case_id() throws Exception {
        Path xml = Path.of("target", "surefire-names", "TEST-" + SurefireNamesEvals.class.getName() + ".xml");
        assertThat(xml).as("Surefire's report of the surefire-names execution").exists();
        NodeList cases = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(xml.toFile())
                .getDocumentElement().getElementsByTagName("testcase");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < cases.getLength(); i++) {
            Element testcase = (Element) cases.item(i);
            assertThat(testcase.getAttribute("classname")).isEqualTo(SurefireNamesEvals.class.getName());
            assertThat(testcase.getElementsByTagName("failure").getLength()).isZero();
            names.add(testcase.getAttribute("name"));
        }
        assertThat(names).containsExactlyInAnyOrder("hello_world", "hello_moon", "support › booking");
    }
}
