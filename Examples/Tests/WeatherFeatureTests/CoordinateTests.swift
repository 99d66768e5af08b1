#if Macros
import Testing
import WeatherFeature

@Suite struct CoordinateTests {
  @Test func parsesLatitudeCommaLongitude() throws {
    #expect(try Coordinate(parsing: "52.52,13.41") == Coordinate(latitude: 52.52, longitude: 13.41))
    #expect(try Coordinate(parsing: " -33.87 , 151.21 ") == Coordinate(latitude: -33.87, longitude: 151.21))
    #expect(try Coordinate(parsing: "90,-180") == Coordinate(latitude: 90, longitude: -180))
  }

  @Test func badTextSaysWhatIsWrong() {
    #expect(throws: CoordinateError("'Berlin' is not LAT,LON in degrees, e.g. 52.52,13.41")) {
      try Coordinate(parsing: "Berlin")
    }
    #expect(throws: CoordinateError("'1,2,3' is not LAT,LON in degrees, e.g. 52.52,13.41")) {
      try Coordinate(parsing: "1,2,3")
    }
    #expect(throws: CoordinateError("the latitude in '91,0' must be between -90 and 90")) {
      try Coordinate(parsing: "91,0")
    }
    #expect(throws: CoordinateError("the longitude in '0,180.5' must be between -180 and 180")) {
      try Coordinate(parsing: "0,180.5")
    }
    #expect(throws: CoordinateError("the latitude in 'nan,0' must be between -90 and 90")) {
      try Coordinate(parsing: "nan,0")
    }
  }

  @Test func describesItselfWithHemispheres() {
    #expect(Coordinate(latitude: 52.52, longitude: 13.419998).description == "52.52°N, 13.42°E")
    #expect(Coordinate(latitude: -33.8688, longitude: -70.5).description == "33.87°S, 70.50°W")
    #expect(Coordinate(latitude: 0, longitude: 0).description == "0.00°N, 0.00°E")
  }
}
#endif
