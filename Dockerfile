# The agent-eval command on a Java 17 runtime, for CI jobs (see the README, "Splitting a suite across CI jobs").
# It copies the distribution the build writes, so build that first:
#   ./mvnw -B package -DskipTests -pl agent-eval-dist -am
#   docker build -t agent-eval .
# DockerContextIT (agent-eval-dist) checks after `package` that every file copied here exists and
# that the entrypoint is the distribution's launcher.
FROM eclipse-temurin:17-jre
COPY agent-eval-dist/target/agent-eval/ /opt/agent-eval/
ENV PATH=/opt/agent-eval/bin:$PATH
WORKDIR /work
ENTRYPOINT ["/opt/agent-eval/bin/agent-eval"]
CMD ["--help"]
