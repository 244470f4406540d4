package dev.agenteval.cli;

import java.math.BigDecimal;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads a share as a fraction ({@code 0.8}) or a percentage ({@code 80%}) into a fraction; the
 * range is the option's to check, so the message can name the option.
 */
final class Share implements ITypeConverter<Double> {

    @Override
    public Double convert(String value) {
        String v = value.strip();
        boolean percent = v.endsWith("%");
        try {
            BigDecimal number = new BigDecimal(percent ? v.substring(0, v.length() - 1).strip() : v);
            return percent ? number.movePointLeft(2).doubleValue() : number.doubleValue();
        } catch (NumberFormatException e) {
            throw new TypeConversionException("expected a fraction such as 0.8 or a percentage such as 80% but was '"
                    + value + "'");
        }
    }
}
