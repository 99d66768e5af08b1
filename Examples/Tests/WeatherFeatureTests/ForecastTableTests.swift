#if Macros
import Testing

import WeatherFeature

@Suite struct ForecastTableTests {
  @Test func rendersADayPerLineWithAlignedColumns() {
    let table = renderForecast(for: WeatherSamples.newYork, days: Array(WeatherSamples.week.prefix(3)))
    #expect(
      table == """
        Weather for New York

        Day         Conditions        Low    High
        Mon 12 May  Clear sky      12.4°C  23.1°C
        Tue 13 May  Partly cloudy  13.0°C  21.8°C
        Wed 14 May  Rain showers   11.2°C  17.5°C
        """
    )
  }

  @Test func namesDaysWithoutTheMachinesLocale() {
    #expect(dayName("2024-02-29") == "Thu 29 Feb")
    #expect(dayName("2025-12-31") == "Wed 31 Dec")
    #expect(dayName("tomorrow") == "tomorrow")
  }

  @Test func temperaturesHaveOneDecimal() {
    #expect(celsius(-0.04) == "0.0°C")
    #expect(celsius(-3.25) == "-3.3°C")
    #expect(celsius(21) == "21.0°C")
  }

  @Test func conditionsAreNamedFromTheirWMOCode() {
    #expect(WeatherCondition(code: 0).description == "Clear sky")
    #expect(WeatherCondition(code: 48).description == "Fog")
    #expect(WeatherCondition(code: 99).description == "Thunderstorm with hail")
    #expect(WeatherCondition(code: 42).description == "Weather code 42")
  }
}
#endif
