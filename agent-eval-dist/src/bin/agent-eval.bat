@echo off
rem The agent-eval command of the distribution: runs dev.agenteval.cli.AgentEvalCli on the jars in ..\lib.
rem   JAVA_HOME            the Java 17+ to run (default: java on the PATH)
rem   AGENT_EVAL_JAVA_OPTS extra JVM options (e.g. -Xmx1g)
rem The launcher sets no JVM option of its own.
setlocal
set "AGENT_EVAL_HOME=%~dp0.."
set "JAVA_EXE=java"
if defined JAVA_HOME set "JAVA_EXE=%JAVA_HOME%\bin\java.exe"
"%JAVA_EXE%" %AGENT_EVAL_JAVA_OPTS% -cp "%AGENT_EVAL_HOME%\lib\*" dev.agenteval.cli.AgentEvalCli %*
exit /b %ERRORLEVEL%
