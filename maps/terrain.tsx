<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="terrain" tilewidth="32" tileheight="32" tilecount="8" columns="8">
 <image source="terrain.png" width="256" height="32"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="plain"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="forest"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="hill"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="river"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="terrain" value="mountain"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="terrain" value="bridge"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="terrain" value="floor"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="terrain" value="wall"/>
  </properties>
 </tile>
</tileset>
