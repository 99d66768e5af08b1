// Tests for WeatherFeature (being written).
