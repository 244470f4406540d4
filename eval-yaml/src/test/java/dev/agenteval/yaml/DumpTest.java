package dev.agenteval.yaml;

import dev.agenteval.api.ConfigurationException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DumpTest {
    @Test
    void dump() throws Exception {
        List<String> out = new ArrayList<>();
        InvalidSuitesTest.fixtures().forEach(a -> {
            Path p = (Path) a.get()[1];
            String dir = Files.isDirectory(p) ? p.toString() : p.getParent().toString();
            out.add("FIXTURE\t" + p + "\t" + Fixtures.rootFile(p) + "\t" + Fixtures.schemaProblems(p).isEmpty());
            try {
                TestScorers.loader().load(p);
                out.add("LOADED");
            } catch (ConfigurationException e) {
                e.problems().forEach(x -> out.add("ERROR\t" + x.replace(dir, "${dir}")));
            }
        });
        Files.write(Path.of("target/dump.txt"), out);
    }
}
