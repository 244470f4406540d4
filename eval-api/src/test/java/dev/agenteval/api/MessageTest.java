package dev.agenteval.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MessageTest {

    @Test
    void should_read_data_parts_as_compact_json_in_order_with_the_text_parts() {
        Map<String, Object> feature = new LinkedHashMap<>();
        feature.put("asset", "P-101 \"main\"\n");
        feature.put("fields", List.of("status", 2, 1.5, true));
        feature.put("none", null);

        Message m = Message.user(Part.text("Summarise"), Part.data(feature), Part.data(Arrays.asList("a", null)));

        assertThat(m.readableText()).isEqualTo("Summarise\n"
                + "{\"asset\":\"P-101 \\\"main\\\"\\n\",\"fields\":[\"status\",2,1.5,true],\"none\":null}\n"
                + "[\"a\",null]");
        assertThat(m.text()).isEqualTo("Summarise");
        assertThat(Message.user("Hi").readableText()).isEqualTo("Hi");
    }
}
