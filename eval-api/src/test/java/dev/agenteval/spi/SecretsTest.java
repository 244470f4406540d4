package dev.agenteval.spi;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class SecretsTest {

    private static final String TOKEN = "tok\"en/Ab1Cd2Ef3Gh4é";

    @Test
    void should_mask_every_form_a_secret_takes_in_output() {
        Secrets secrets = Secrets.create().add(TOKEN);
        byte[] bytes = TOKEN.getBytes(StandardCharsets.UTF_8);

        for (String form : new String[] {TOKEN, "tok\\\"en/Ab1Cd2Ef3Gh4é", "tok\\\"en\\/Ab1Cd2Ef3Gh4é",
                "tok\\\\\\\"en/Ab1Cd2Ef3Gh4é", "tok\\\"en/Ab1Cd2Ef3Gh4\\u00e9", "tok\\\"en/Ab1Cd2Ef3Gh4\\u00E9",
                "tok&quot;en/Ab1Cd2Ef3Gh4é", URLEncoder.encode(TOKEN, StandardCharsets.UTF_8),
                Base64.getEncoder().encodeToString(bytes), Base64.getUrlEncoder().withoutPadding().encodeToString(bytes)}) {
            assertThat(secrets.redact("before " + form + " after")).as(form).isEqualTo("before *** after");
        }
    }

    @Test
    void should_mask_a_password_with_its_user_in_basic_form_but_not_the_user() {
        Secrets secrets = Secrets.create().addBasic("alice", "pa55-word");
        String basic = Base64.getEncoder().encodeToString("alice:pa55-word".getBytes(StandardCharsets.UTF_8));

        assertThat(secrets.redact("Authorization: Basic " + basic)).isEqualTo("Authorization: Basic ***");
        assertThat(secrets.redact("http://alice:pa55-word@host/")).isEqualTo("http://***@host/");
        assertThat(secrets.redact("user alice")).isEqualTo("user alice");
    }

    @Test
    void should_mask_the_pieces_of_a_secret_that_a_truncation_cut() {
        Secrets secrets = Secrets.create().add("0123456789abcdefghij");

        assertThat(secrets.redact("token 0123456789abc…")).isEqualTo("token ***…");
        assertThat(secrets.redact("…cdefghij rest")).isEqualTo("…*** rest");
        assertThat(secrets.redact("012… is fine")).isEqualTo("012… is fine");
    }

    @Test
    void should_know_secrets_added_after_it_was_handed_out_and_ignore_empty_ones() {
        Secrets secrets = Secrets.create().add(null).add("").add("key");
        assertThat(secrets.isEmpty()).isTrue();
        assertThat(secrets.redact("x")).isEqualTo("x");

        secrets.add("late-token-1");
        assertThat(secrets.redact("got late-token-1")).isEqualTo("got ***");
        assertThat(secrets.containsSecret("late-token-1!")).isTrue();
        assertThat(secrets.toString()).doesNotContain("late-token-1");
    }

    @Test
    void should_say_how_much_of_a_text_end_could_start_a_secret() {
        Secrets secrets = Secrets.create().add("secret-value");

        assertThat(secrets.pendingPrefix("the secr")).isEqualTo(4);
        assertThat(secrets.pendingPrefix("the end")).isZero();
        assertThat(secrets.pendingPrefix("all secret-value")).isZero();
    }
}
